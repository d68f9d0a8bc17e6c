// No zod here: the browser's chat code imports these lists, and a value import of
// lib/schemas/conversation.ts would ship zod with the chat page.

/** Events after which nothing that streamed before belongs to the response still streaming. */
export const RESPONSE_BOUNDARY_EVENTS = [
  "run_started",
  "model_response_complete",
  "run_suspended",
  "run_completed",
  "run_failed",
  "run_aborted",
] as const;
/** What a client folds into the response that is streaming (a retry or fallback may discard it). */
export const RESPONSE_EVENTS = [
  "text_delta",
  "tool_use",
  "compaction_start",
  "compaction_end",
  "model_retry",
  "model_fallback",
  "model_routed",
] as const;
