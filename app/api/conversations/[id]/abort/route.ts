import { json, route } from "@/lib/server/http/route";
import { abortConversation } from "@/lib/server/runs/abort-conversation";
import { requireConversation } from "@/lib/server/conversations/conversation-access";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

type Ctx = { params: Promise<{ id: string }> };

/** 200 with the run's final status ("aborted", or what it reached first), 202 "stopping" when it did not stop within 10 s, 200 "not_active". */
export const POST = route(async (_request, { params }: Ctx) => {
  const { id } = await params;
  const ctx = await requireConversation(id);
  const reply = await abortConversation(ctx, id);
  return json(reply, reply.status === "stopping" ? 202 : 200);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
