import { route, json } from "@/lib/server/http/route";
import { requireAdmin } from "@/lib/server/tenant";
import { clientIp } from "@/lib/server/http/client-ip";
import { revokeInvite } from "@/lib/db/invites";
import { requirePathId } from "@/lib/server/http/path-id";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

type Ctx = { params: Promise<{ slug: string; inviteId: string }> };

export const DELETE = route(async (request, { params }: Ctx) => {
  const { slug, inviteId } = await params;
  const ctx = await requireAdmin(slug);
  return json(await revokeInvite(ctx, requirePathId(inviteId, "This invite"), clientIp(request)));
});

export const { GET, POST, PUT, PATCH, OPTIONS } = methodNotAllowed("DELETE");
