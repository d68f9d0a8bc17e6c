import {
  V1_MESSAGE_BODY_MAX_BYTES,
  v1ConversationListQuerySchema,
  v1ConversationPageSchema,
  v1CreateConversationBodySchema,
} from "@/lib/schemas/v1-conversations";
import { withIdempotency } from "@/lib/server/http/idempotency";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { parseWith } from "@/lib/server/http/parse-body";
import { json } from "@/lib/server/http/route";
import { apiKeyRoute } from "@/lib/server/http/route-builders";
import { createV1Conversation, v1ConversationPage } from "@/lib/server/v1/conversations";
import { wantsEventStream } from "@/lib/server/v1/wants-stream";

/** GET /api/v1/conversations?cursor=&limit=: the organization's conversations, newest activity first. */
export const GET = apiKeyRoute({ scopes: ["conversations:read"] })({}, async (ctx, { request }) => {
  const query = parseWith(v1ConversationListQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  return json(v1ConversationPageSchema.parse(await v1ConversationPage(ctx, query)));
});

/** POST /api/v1/conversations {title?, message?}: 201; with a message its run starts at once (see `run`). */
export const POST = apiKeyRoute({ scopes: ["conversations:write"] })(
  { body: v1CreateConversationBodySchema, maxBodyBytes: V1_MESSAGE_BODY_MAX_BYTES },
  async (ctx, { request, body }) =>
    withIdempotency({ principalId: ctx.actor.keyId, organizationId: ctx.organizationId }, request, "POST /api/v1/conversations", body, () =>
      createV1Conversation(ctx, body, { wanted: wantsEventStream(request), signal: request.signal }),
    ),
);

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET", "POST");
