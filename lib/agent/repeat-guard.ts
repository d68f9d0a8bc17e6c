import { canonicalJson } from "./canonical-json";
import type { Message, ToolCall, ToolResult, ToolResultPayload } from "./messages";

/** The identical (tool, input, result) triple that is blocked instead of run: the third. */
export const REPEAT_LIMIT = 3;

/** The `data` of a blocked call's error result: `count` is how often this exact call was made in the request, this one included. */
export interface RepeatBlockData {
  blocked_repeat: true;
  count: number;
}

export interface RepeatBlock {
  message: string;
  data: RepeatBlockData;
}

const callKey = (toolName: string, input: unknown) => canonicalJson([toolName, input]);
const resultKey = ({ status, data, message }: ToolResultPayload) => canonicalJson([status, data, message]);
export const isRepeatBlock = (result: ToolResultPayload) => (result.data as { blocked_repeat?: unknown } | null)?.blocked_repeat === true;

/**
 * A model stuck in a loop makes the same call and gets the same result, not necessarily in a row
 * (A, B, A, B, A). Identical triples are counted over the whole request: once REPEAT_LIMIT - 1 of
 * them are stored for this call, the call is blocked without running, and stays blocked for the
 * rest of the request. `requestHistory` is the current request's messages, `stepCalls`/`stepResults`
 * the step being executed.
 */
export function repeatBlock(
  requestHistory: Message[],
  stepCalls: ToolCall[],
  stepResults: ToolResult[],
  call: ToolCall,
): RepeatBlock | null {
  const calls = new Map<string, ToolCall>();
  for (const message of requestHistory) for (const previous of message.tool_calls ?? []) calls.set(previous.id, previous);
  for (const previous of stepCalls) calls.set(previous.id, previous);

  const key = callKey(call.tool_name, call.input_args);
  const sameCall = [...requestHistory.flatMap((message) => message.tool_results ?? []), ...stepResults].filter((result) => {
    const previous = calls.get(result.call_id);
    return previous !== undefined && callKey(previous.tool_name, previous.input_args) === key;
  });
  const triples = new Map<string, number>();
  for (const { result } of sameCall) if (!isRepeatBlock(result)) triples.set(resultKey(result), (triples.get(resultKey(result)) ?? 0) + 1);
  if (Math.max(0, ...triples.values()) < REPEAT_LIMIT - 1) return null;
  const count = sameCall.length + 1;
  return {
    message:
      `Blocked: "${call.tool_name}" was already called ${REPEAT_LIMIT - 1} times in this request with the same input and returned the same result, ` +
      `so it was not run again (call ${count}). Change the input, try a different approach, or tell the user what is stuck.`,
    data: { blocked_repeat: true, count },
  };
}
