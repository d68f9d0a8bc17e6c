import { route, json } from "@/lib/server/http/route";
import { parseJsonBody } from "@/lib/server/http/parse-body";
import { changeRoleSchema } from "@/lib/schemas/account";
import { requireTenant } from "@/lib/server/tenant";
import { clientIp } from "@/lib/server/http/client-ip";
import { changeMemberRole, removeMember } from "@/lib/db/members";
import { requirePathId } from "@/lib/server/http/path-id";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

type Ctx = { params: Promise<{ slug: string; userId: string }> };

export const PATCH = route(async (request, { params }: Ctx) => {
  const { slug, userId } = await params;
  const ctx = await requireTenant(slug);
  requirePathId(userId, "This member");
  const { role } = await parseJsonBody(request, changeRoleSchema);
  return json({ member: await changeMemberRole(ctx, userId, role, clientIp(request)) });
});

/** Removes a member; with your own user id, leaves the organization. */
export const DELETE = route(async (request, { params }: Ctx) => {
  const { slug, userId } = await params;
  const ctx = await requireTenant(slug);
  requirePathId(userId, "This member");
  return json(await removeMember(ctx, userId, clientIp(request)));
});

export const { GET, POST, PUT, OPTIONS } = methodNotAllowed("PATCH", "DELETE");
