import { INBOX_RESPONSE_MAX_BYTES, inboxResolveBodySchema, inboxResolveResultSchema } from "@/lib/schemas/v1-inbox";
import { memberResolver } from "@/lib/server/inbox/member-resolver";
import { resolveInboxItem } from "@/lib/server/inbox/resolve-item";
import { withIdempotency } from "@/lib/server/http/idempotency";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { memberRoute } from "@/lib/server/http/route-builders";

/**
 * POST /api/orgs/{slug}/inbox/{itemId}/resolve {response}: a member answers by hand; first answer wins (same again 200,
 * another 409, off-schema 422); an Idempotency-Key is honoured per person, as on every other resolve path.
 */
export const POST = memberRoute<{ slug: string; itemId: string }>({ ids: { itemId: "This inbox item" } })(
  { body: inboxResolveBodySchema, maxBodyBytes: INBOX_RESPONSE_MAX_BYTES },
  async (ctx, { request, params, body }) =>
    withIdempotency(
      { principalId: `user:${ctx.userId}`, organizationId: ctx.organizationId },
      request,
      "POST /api/orgs/{slug}/inbox/{itemId}/resolve",
      body,
      async () => {
        const result = await resolveInboxItem(ctx, params.itemId, body.response, await memberResolver(ctx.userId));
        return { status: 200, body: inboxResolveResultSchema.parse(result) };
      },
    ),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
