import { json } from "@/lib/server/http/route";
import { parseJsonBody } from "@/lib/server/http/parse-body";
import { renameConversationSchema } from "@/lib/schemas/conversation";
import { chatRoute } from "@/lib/server/runs/chat-route";
import { requireConversation } from "@/lib/server/runs/conversation-access";
import { removeConversation, retitleConversation } from "@/lib/server/runs/conversation-service";
import { conversationSnapshot } from "@/lib/server/runs/snapshot";

type Ctx = { params: Promise<{ id: string }> };

/** The snapshot; `?before=<earlierCursor>` pages back through older messages. */
export const GET = chatRoute(async (request, { params }: Ctx) => {
  const { id } = await params;
  const ctx = await requireConversation(id);
  const before = new URL(request.url).searchParams.get("before") ?? undefined;
  return json(await conversationSnapshot(ctx, id, before));
});

export const PATCH = chatRoute(async (request, { params }: Ctx) => {
  const { id } = await params;
  const ctx = await requireConversation(id);
  const { title } = await parseJsonBody(request, renameConversationSchema);
  return json({ conversation: await retitleConversation(ctx, id, title) });
});

export const DELETE = chatRoute(async (_request, { params }: Ctx) => {
  const { id } = await params;
  const ctx = await requireConversation(id);
  await removeConversation(ctx, id);
  return json({ deleted: true });
});
