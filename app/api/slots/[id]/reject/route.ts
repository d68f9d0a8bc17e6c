import { rejectSlotSchema } from "@/lib/schemas/conversation";
import { slotAnswerRoute } from "@/lib/server/http/slot-answer-route";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

/** `{reason?}`. Answers like resolve: a stream of the continuation, or JSON `{slot, continued}`. */
export const POST = slotAnswerRoute(rejectSlotSchema, (body) => ({ kind: "reject", reason: body.reason }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
