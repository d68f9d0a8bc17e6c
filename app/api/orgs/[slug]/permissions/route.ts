import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";
import { listPermissionGrants } from "@/lib/db/permissions";
import { listPermissionRequests } from "@/lib/db/permission-requests";
import { permissionsPageSchema } from "@/lib/schemas/permissions";

/** Admins: every grant, denial and request; members: their own (the lib/db functions filter). */
export const GET = memberRoute({})({}, async (ctx) => {
  const [grants, requests] = await Promise.all([listPermissionGrants(ctx), listPermissionRequests(ctx)]);
  return json(permissionsPageSchema.parse({ grants, requests }));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
