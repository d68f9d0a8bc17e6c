import { inboxItemWire } from "@/lib/db/inbox-items";
import { inboxCancelBodySchema } from "@/lib/schemas/inbox-page";
import { v1InboxItemSchema } from "@/lib/schemas/v1-inbox";
import { cancelInboxItem } from "@/lib/server/inbox/cancel-item";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";

/** POST /api/orgs/{slug}/inbox/{itemId}/cancel {reason?}: owners and admins withdraw a pending item; the agent is told. 409 when it is not pending. */
export const POST = memberRoute<{ slug: string; itemId: string }>({ minRole: "admin", ids: { itemId: "This inbox item" } })(
  { body: inboxCancelBodySchema },
  async (ctx, { params, body }) => {
    const row = await cancelInboxItem(ctx, params.itemId, body.reason ?? null, ctx.ip);
    return json({ item: v1InboxItemSchema.parse(inboxItemWire(row)) });
  },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
