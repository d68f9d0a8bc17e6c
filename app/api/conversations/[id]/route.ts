import { z } from "zod";
import { json } from "@/lib/server/http/route";
import { conversationRoute } from "@/lib/server/http/route-builders";
import { parseWith } from "@/lib/server/http/parse-body";
import { conversationResponseSchema, renameConversationSchema } from "@/lib/schemas/conversation";
import { shortText } from "@/lib/schemas/text";
import { removeConversation, retitleConversation } from "@/lib/server/conversations/conversation-service";
import { conversationSnapshot } from "@/lib/server/conversations/snapshot";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

// A cursor is a message's position (digits); lib/db rejects any other shape with 422 invalid_cursor.
const snapshotQuerySchema = z.object({ before: shortText().max(32).optional() });

/** The snapshot; `?before=<earlierCursor>` pages back through older messages. Not parsed: its typed mapper returns `ConversationSnapshot` (lib/schemas/conversation.ts). */
export const GET = conversationRoute({}, async (ctx, { request }) => {
  const { before } = parseWith(snapshotQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  return json(await conversationSnapshot(ctx, ctx.conversationId, before));
});

export const PATCH = conversationRoute({ body: renameConversationSchema }, async (ctx, { body }) =>
  json(conversationResponseSchema.parse({ conversation: await retitleConversation(ctx, ctx.conversationId, body.title) })),
);

export const DELETE = conversationRoute({}, async (ctx) => {
  await removeConversation(ctx, ctx.conversationId);
  return json({ deleted: true });
});

export const { POST, PUT, OPTIONS } = methodNotAllowed("GET", "PATCH", "DELETE");
