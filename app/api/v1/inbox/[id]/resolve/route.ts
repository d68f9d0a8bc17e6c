import { INBOX_RESPONSE_MAX_BYTES, inboxResolveBodySchema, inboxResolveResultSchema } from "@/lib/schemas/v1-inbox";
import { resolveInboxItem } from "@/lib/server/inbox/resolve-item";
import { withIdempotency } from "@/lib/server/http/idempotency";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { apiKeyRoute } from "@/lib/server/http/route-builders";

/** POST /api/v1/inbox/{id}/resolve {response}: first answer wins (same again 200, another 409, off-schema 422); Idempotency-Key honoured. */
export const POST = apiKeyRoute<{ id: string }>({ scopes: ["inbox:write"], ids: { id: "This inbox item" } })(
  { body: inboxResolveBodySchema, maxBodyBytes: INBOX_RESPONSE_MAX_BYTES },
  async (ctx, { request, params, body }) =>
    withIdempotency(
      { principalId: ctx.actor.keyId, organizationId: ctx.organizationId },
      request,
      "POST /api/v1/inbox/{id}/resolve",
      body,
      async () => {
        const result = await resolveInboxItem(ctx, params.id, body.response, {
          kind: "api_key",
          id: ctx.actor.keyId,
          name: ctx.actor.name,
        });
        return { status: 200, body: inboxResolveResultSchema.parse(result) };
      },
    ),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
