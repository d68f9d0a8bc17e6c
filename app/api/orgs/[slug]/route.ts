import { route, json } from "@/lib/server/http/route";
import { parseJsonBody } from "@/lib/server/http/parse-body";
import { renameOrganizationSchema } from "@/lib/schemas/account";
import { requireAdmin, requireTenant } from "@/lib/server/tenant";
import { clientIp } from "@/lib/server/http/client-ip";
import { getOrganization, renameOrganization } from "@/lib/db/organizations";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

type Ctx = { params: Promise<{ slug: string }> };

export const GET = route(async (_request, { params }: Ctx) => {
  const ctx = await requireTenant((await params).slug);
  return json({ organization: { ...(await getOrganization(ctx)), role: ctx.role } });
});

export const PATCH = route(async (request, { params }: Ctx) => {
  const ctx = await requireAdmin((await params).slug);
  const { name } = await parseJsonBody(request, renameOrganizationSchema);
  return json({ organization: await renameOrganization(ctx, name, clientIp(request)) });
});

export const { POST, PUT, DELETE, OPTIONS } = methodNotAllowed("GET", "PATCH");
