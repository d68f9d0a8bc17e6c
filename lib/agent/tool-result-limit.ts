import type { Message, ToolResultPayload } from "./messages";

/** Characters of a tool result's JSON (`{data, message}`, what every adapter sends) the model gets at most. */
export const DEFAULT_TOOL_RESULT_LIMIT = 32_000;

const NOTE_RESERVE = 400;
const count = (value: number) => value.toLocaleString("en-US");

/** What the model sees of a result: the JSON every adapter builds (lib/models/tool-result-content.ts). */
const modelJson = (result: ToolResultPayload) =>
  JSON.stringify(result.message === undefined ? { data: result.data ?? null } : { data: result.data ?? null, message: result.message });

/**
 * A result larger than `limit` reaches the model as the start of its data (as text) and a line saying
 * how much was cut and what to ask for instead. Only the model's view is cut: the store, the events and
 * the UI keep the whole result.
 */
export function cutToolResult(result: ToolResultPayload, limit: number): ToolResultPayload {
  const total = modelJson(result).length;
  if (total <= limit) return result;
  const dataText = JSON.stringify(result.data ?? null);
  let kept = Math.max(0, limit - NOTE_RESERVE - (result.message?.length ?? 0));
  for (;;) {
    const left = total - kept;
    const note =
      `[Result cut for length: you see the first ${count(kept)} of ${count(total)} characters; ` +
      `${count(left)} characters (${Math.round((left / total) * 100)}%) were left out. ` +
      "Ask the tool for a narrower range or a specific part instead of the whole result.]";
    const cut: ToolResultPayload = {
      ...result,
      data: dataText.slice(0, kept),
      message: result.message ? `${result.message}\n${note}` : note,
    };
    // JSON escapes can make the cut text longer than its character count: shrink until it fits.
    const excess = modelJson(cut).length - limit;
    if (excess <= 0 || kept === 0) return cut;
    kept = Math.max(0, kept - excess);
  }
}

/** Every tool result of the messages, cut to `limit` for the model (copies; the messages are not changed). */
export function cutToolResults(messages: Message[], limit: number): Message[] {
  return messages.map((message) =>
    message.tool_results
      ? { ...message, tool_results: message.tool_results.map((entry) => ({ ...entry, result: cutToolResult(entry.result, limit) })) }
      : message,
  );
}
