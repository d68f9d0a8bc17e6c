import { INBOX_RESPONSE_MAX_BYTES, inboxResolveBodySchema, inboxResolveResultSchema } from "@/lib/schemas/v1-inbox";
import { memberResolver } from "@/lib/server/inbox/member-resolver";
import { resolveInboxItem } from "@/lib/server/inbox/resolve-item";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";

/** POST /api/orgs/{slug}/inbox/{itemId}/resolve {response}: a member answers by hand; first answer wins (same again 200, another 409, off-schema 422). */
export const POST = memberRoute<{ slug: string; itemId: string }>({ ids: { itemId: "This inbox item" } })(
  { body: inboxResolveBodySchema, maxBodyBytes: INBOX_RESPONSE_MAX_BYTES },
  async (ctx, { params, body }) => {
    const result = await resolveInboxItem(ctx, params.itemId, body.response, await memberResolver(ctx.userId));
    return json(inboxResolveResultSchema.parse(result));
  },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
