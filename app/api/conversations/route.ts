import { z } from "zod";
import { json } from "@/lib/server/http/route";
import { userRoute } from "@/lib/server/http/route-builders";
import { parseWith } from "@/lib/server/http/parse-body";
import {
  conversationPageSchema,
  conversationResponseSchema,
  createConversationSchema,
  listConversationsQuerySchema,
  MESSAGE_BODY_MAX_BYTES,
} from "@/lib/schemas/conversation";
import { shortText } from "@/lib/schemas/text";
import { conversationList, organizationOf, startConversation } from "@/lib/server/conversations/conversation-service";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

const orgQuerySchema = z.object({ org: shortText().max(100).optional() });
const orgParam = (request: Request) => parseWith(orgQuerySchema, Object.fromEntries(new URL(request.url).searchParams)).org ?? null;

export const GET = userRoute({}, async (user, { request }) => {
  const ctx = await organizationOf(user, orgParam(request));
  const query = parseWith(listConversationsQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  return json(conversationPageSchema.parse({ organization: { slug: ctx.orgSlug }, ...(await conversationList(ctx, query)) }));
});

/** With `message`: the conversation and its first message's run, in one request (`conversation.busy` true while it runs). */
export const POST = userRoute({ body: createConversationSchema, maxBodyBytes: MESSAGE_BODY_MAX_BYTES }, async (user, { request, body }) => {
  const ctx = await organizationOf(user, orgParam(request));
  return json(
    conversationResponseSchema.parse({ organization: { slug: ctx.orgSlug }, conversation: await startConversation(ctx, body) }),
    201,
  );
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET", "POST");
