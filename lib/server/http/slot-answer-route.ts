import type { z } from "zod";
import { parseJsonBody } from "@/lib/server/http/parse-body";
import { json, route } from "@/lib/server/http/route";
import { answerSlot, type SlotAnswerInput } from "@/lib/server/runs/answer-slot";
import { requireSlot } from "@/lib/server/conversations/conversation-access";

type Ctx = { params: Promise<{ id: string }> };

/** The resolve and reject routes differ only in their body: parse, authorize by the card's tenant, answer. */
export function slotAnswerRoute<S extends z.ZodType>(schema: S, toAnswer: (body: z.infer<S>) => SlotAnswerInput) {
  return route(async (request: Request, { params }: Ctx) => {
    const { id } = await params;
    const { ctx, conversationId } = await requireSlot(id);
    const body = await parseJsonBody(request, schema);
    const wantsStream = (request.headers.get("accept") ?? "").includes("text/event-stream");
    const reply = await answerSlot(ctx, conversationId, id, toAnswer(body), { wantsStream, requestSignal: request.signal });
    return reply.kind === "stream" ? reply.response : json({ slot: reply.slot, continued: reply.continued });
  });
}
