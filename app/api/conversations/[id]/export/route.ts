import { conversationExportQuerySchema } from "@/lib/schemas/conversation-export";
import { conversationExportResponse } from "@/lib/server/exports/conversation-file";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { parseWith } from "@/lib/server/http/parse-body";
import { conversationRoute } from "@/lib/server/http/route-builders";

/** The conversation as a download: `?format=markdown` (the default) or `?format=json` (handoff.conversation.v1). */
export const GET = conversationRoute({}, async (ctx, { request }) => {
  const { format } = parseWith(conversationExportQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  return conversationExportResponse(ctx, ctx.conversationId, format);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
