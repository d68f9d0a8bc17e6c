import type { z } from "zod";
import type { SlotAnswerResponse } from "@/lib/schemas/conversation";
import { json } from "@/lib/server/http/route";
import { cardRoute } from "@/lib/server/http/route-builders";
import { answerSlot, type SlotAnswerInput } from "@/lib/server/runs/answer-slot";

/** The resolve and reject routes differ only in their body: parse, authorize by the card's tenant, answer. */
export function slotAnswerRoute<S extends z.ZodType>(schema: S, toAnswer: (body: z.infer<S>) => SlotAnswerInput) {
  return cardRoute({ body: schema }, async (ctx, { request, body }) => {
    const wantsStream = (request.headers.get("accept") ?? "").includes("text/event-stream");
    const reply = await answerSlot(ctx, ctx.conversationId, ctx.slotId, toAnswer(body as z.infer<S>), {
      wantsStream,
      requestSignal: request.signal,
    });
    return reply.kind === "stream" ? reply.response : json({ slot: reply.slot, continued: reply.continued } satisfies SlotAnswerResponse);
  });
}
