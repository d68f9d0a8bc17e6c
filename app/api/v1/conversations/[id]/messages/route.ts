import { V1_MESSAGE_BODY_MAX_BYTES, v1SendMessageBodySchema } from "@/lib/schemas/v1-conversations";
import { withIdempotency } from "@/lib/server/http/idempotency";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { apiKeyRoute } from "@/lib/server/http/route-builders";
import { requireV1Conversation, sendV1Message } from "@/lib/server/v1/conversations";
import { wantsEventStream } from "@/lib/server/v1/wants-stream";

/** POST /api/v1/conversations/{id}/messages {text}: 202 to poll, or with `Accept: text/event-stream` the run's events. */
export const POST = apiKeyRoute<{ id: string }>({ scopes: ["conversations:write"], ids: { id: "This conversation" } })(
  { body: v1SendMessageBodySchema, maxBodyBytes: V1_MESSAGE_BODY_MAX_BYTES },
  async (ctx, { request, params, body }) => {
    await requireV1Conversation(ctx, params.id);
    return withIdempotency(
      { principalId: ctx.actor.keyId, organizationId: ctx.organizationId },
      request,
      "POST /api/v1/conversations/{id}/messages",
      body,
      () => sendV1Message(ctx, params.id, body.text, { wanted: wantsEventStream(request), signal: request.signal }),
    );
  },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
