import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";
import { renameOrganizationSchema } from "@/lib/schemas/account";
import { getOrganization, renameOrganization } from "@/lib/db/organizations";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const GET = memberRoute()({}, async (ctx) => json({ organization: { ...(await getOrganization(ctx)), role: ctx.role } }));

export const PATCH = memberRoute({ minRole: "admin" })({ body: renameOrganizationSchema }, async (ctx, { body }) =>
  json({ organization: await renameOrganization(ctx, body.name, ctx.ip) }),
);

export const { POST, PUT, DELETE, OPTIONS } = methodNotAllowed("GET", "PATCH");
