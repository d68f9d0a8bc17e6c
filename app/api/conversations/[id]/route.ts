import { z } from "zod";
import { json, route } from "@/lib/server/http/route";
import { parseJsonBody, parseWith } from "@/lib/server/http/parse-body";
import { renameConversationSchema } from "@/lib/schemas/conversation";
import { shortText } from "@/lib/schemas/text";
import { requireConversation } from "@/lib/server/conversations/conversation-access";
import { removeConversation, retitleConversation } from "@/lib/server/conversations/conversation-service";
import { conversationSnapshot } from "@/lib/server/conversations/snapshot";
import { clientIp } from "@/lib/server/http/client-ip";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

type Ctx = { params: Promise<{ id: string }> };

// A cursor is a message's position (digits); lib/db rejects any other shape with 422 invalid_cursor.
const snapshotQuerySchema = z.object({ before: shortText().max(32).optional() });

/** The snapshot; `?before=<earlierCursor>` pages back through older messages. */
export const GET = route(async (request, { params }: Ctx) => {
  const { id } = await params;
  const ctx = await requireConversation(id);
  const { before } = parseWith(snapshotQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  return json(await conversationSnapshot(ctx, id, before));
});

export const PATCH = route(async (request, { params }: Ctx) => {
  const { id } = await params;
  const ctx = await requireConversation(id);
  const { title } = await parseJsonBody(request, renameConversationSchema);
  return json({ conversation: await retitleConversation(ctx, id, title, clientIp(request)) });
});

export const DELETE = route(async (request, { params }: Ctx) => {
  const { id } = await params;
  const ctx = await requireConversation(id);
  await removeConversation(ctx, id, clientIp(request));
  return json({ deleted: true });
});

export const { POST, PUT, OPTIONS } = methodNotAllowed("GET", "PATCH", "DELETE");
