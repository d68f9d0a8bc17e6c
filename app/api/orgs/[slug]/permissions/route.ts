import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";
import { listPermissionGrants } from "@/lib/db/permissions";
import { permissionGrantSchema } from "@/lib/schemas/team";

export const GET = memberRoute({ minRole: "admin" })({}, async (ctx) =>
  json({ grants: permissionGrantSchema.array().parse(await listPermissionGrants(ctx)) }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
