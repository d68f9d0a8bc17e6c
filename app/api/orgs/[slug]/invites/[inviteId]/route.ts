import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";
import { revokeInvite } from "@/lib/db/invites";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const DELETE = memberRoute<{ slug: string; inviteId: string }>({ minRole: "admin", ids: { inviteId: "This invite" } })(
  {},
  async (ctx, { params }) => json(await revokeInvite(ctx, params.inviteId, ctx.ip)),
);

export const { GET, POST, PUT, PATCH, OPTIONS } = methodNotAllowed("DELETE");
