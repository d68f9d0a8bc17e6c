import { z } from "zod";
import { json, route } from "@/lib/server/http/route";
import { parseJsonBody, parseWith } from "@/lib/server/http/parse-body";
import { createConversationSchema, listConversationsQuerySchema } from "@/lib/schemas/conversation";
import { shortText } from "@/lib/schemas/text";
import { conversationList, requireOrganization, startConversation } from "@/lib/server/conversations/conversation-service";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

const orgQuerySchema = z.object({ org: shortText().max(100).optional() });
const orgParam = (request: Request) => parseWith(orgQuerySchema, Object.fromEntries(new URL(request.url).searchParams)).org ?? null;

export const GET = route(async (request) => {
  const ctx = await requireOrganization(orgParam(request));
  const query = parseWith(listConversationsQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  return json({ organization: { slug: ctx.orgSlug }, ...(await conversationList(ctx, query)) });
});

export const POST = route(async (request) => {
  const ctx = await requireOrganization(orgParam(request));
  const { title } = await parseJsonBody(request, createConversationSchema);
  return json({ organization: { slug: ctx.orgSlug }, conversation: await startConversation(ctx, title) }, 201);
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET", "POST");
