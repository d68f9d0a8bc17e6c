import { canonicalJson } from "./canonical-json";
import type { Message, ToolCall, ToolResult, ToolResultPayload } from "./messages";

/** How many identical calls with identical results in a row end a loop. */
export const REPEAT_LIMIT = 3;

/** The `data` of a blocked call's error result, so a block can recognise the previous one. */
export const repeatBlockData = { blocked_repeat: true } as const;

const callKey = (toolName: string, input: unknown) => canonicalJson([toolName, input]);
const resultKey = ({ status, data, message }: ToolResultPayload) => canonicalJson([status, data, message]);
const isRepeatBlock = (result: ToolResultPayload) => (result.data as { blocked_repeat?: unknown } | null)?.blocked_repeat === true;

/**
 * A model stuck in a loop calls the same tool with the same input and gets the same result.
 * When the last REPEAT_LIMIT - 1 results of this request came from this exact call and were
 * identical, this call would be the REPEAT_LIMIT-th: it is blocked without running, and stays
 * blocked while the model repeats it. `requestHistory` is the current request's messages,
 * `stepCalls`/`stepResults` the step being executed.
 */
export function repeatBlockMessage(
  requestHistory: Message[],
  stepCalls: ToolCall[],
  stepResults: ToolResult[],
  call: ToolCall,
): string | null {
  const calls = new Map<string, ToolCall>();
  for (const message of requestHistory) for (const previous of message.tool_calls ?? []) calls.set(previous.id, previous);
  for (const previous of stepCalls) calls.set(previous.id, previous);

  const key = callKey(call.tool_name, call.input_args);
  const isThisCall = (result: ToolResult) => {
    const previous = calls.get(result.call_id);
    return previous !== undefined && callKey(previous.tool_name, previous.input_args) === key;
  };
  const results = [...requestHistory.flatMap((message) => message.tool_results ?? []), ...stepResults];
  const last = results.at(-1);
  const alreadyBlocked = last !== undefined && isThisCall(last) && isRepeatBlock(last.result);
  const recent = results.slice(-(REPEAT_LIMIT - 1));
  const repeating =
    recent.length === REPEAT_LIMIT - 1 && recent.every(isThisCall) && new Set(recent.map((result) => resultKey(result.result))).size === 1;
  if (!alreadyBlocked && !repeating) return null;
  return (
    `Blocked: "${call.tool_name}" was called ${REPEAT_LIMIT} times in a row with the same input and kept returning the same result, ` +
    `so it was not run again. Change the input, try a different approach, or tell the user what is stuck.`
  );
}
