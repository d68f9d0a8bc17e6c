import { resolveSlotSchema } from "@/lib/schemas/conversation";
import { slotAnswerRoute } from "@/lib/server/http/slot-answer-route";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

/** `{value}`. With `Accept: text/event-stream` and a run that continues: the continuation's stream; otherwise JSON `{slot, continued}`. */
export const POST = slotAnswerRoute(resolveSlotSchema, (body) => ({ kind: "resolve", value: body.value }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
