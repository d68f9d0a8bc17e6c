import { json } from "@/lib/server/http/route";
import { userRoute } from "@/lib/server/http/route-builders";
import { createOrganizationSchema } from "@/lib/schemas/account";
import { createOrganization, listOrganizationsForUser } from "@/lib/db/organizations";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const GET = userRoute({}, async (ctx) => json({ organizations: await listOrganizationsForUser(ctx.userId) }));

export const POST = userRoute({ body: createOrganizationSchema }, async (ctx, { body }) =>
  json({ organization: await createOrganization(ctx.userId, body.name, ctx.ip) }, 201),
);

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET", "POST");
