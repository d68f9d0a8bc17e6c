import { createHash } from "node:crypto";
import type { Message, ToolCall, ToolResult, ToolResultPayload } from "@/lib/agent/messages";
import type { ModelAdapter, ModelPromptResult, NotifySubscribersFunction, PromptRequest } from "@/lib/agent/model-adapter";
import { abortableSleep } from "./abortable-sleep";
import { DEMO_CAPABILITIES } from "./capabilities";
import { abortedError } from "./model-error";
import { DEMO_CODE_AND_TABLE, DEMO_LONG_ANSWER, DEMO_SUMMARY, DEMO_TRIGGERS, findDemoTrigger, type DemoToolInput } from "./demo-triggers";
import { DEMO_USE_TOOL, demoToolUse } from "./demo-use-tool";

/**
 * The offline demo model: no key, no network, the same answer for the same conversation. It
 * says what it is in its first reply and turns plain requests into the tool calls that drive
 * every feature (see demo-triggers.ts and the table in docs/models.md).
 */

export interface DemoModelOptions {
  /** Pause between streamed words, so the demo feels like a model. Default 15 ms; 0 in tests. */
  wordDelayMs?: number;
  /** Length of the "write a long ..." answer. Default 600 words. */
  longAnswerWords?: number;
}

export const DEMO_INTRO =
  "Hi! I'm the offline demo model: my answers are scripted, not written by an AI. " +
  "An admin can connect a real model in Settings → Agent.";

/** A trigger whose tool the agent does not have. */
export const NOT_ENABLED =
  "I would need a tool for that which is not switched on for this agent. An admin can switch it on in Settings → Agent.";

interface PlannedReply {
  text: string;
  calls: Array<{ tool: string; input: DemoToolInput }>;
}

export class DemoModel implements ModelAdapter {
  readonly name = "demo";
  readonly capabilities = DEMO_CAPABILITIES;
  private readonly wordDelayMs: number;
  private readonly longAnswerWords: number;

  constructor(options: DemoModelOptions = {}) {
    this.wordDelayMs = options.wordDelayMs ?? 15;
    this.longAnswerWords = options.longAnswerWords ?? 600;
  }

  // The demo's behaviour depends on the request alone; a system prompt changes nothing.
  setSystemPrompt(): void {}

  async prompt(request: PromptRequest, notify: NotifySubscribersFunction, signal?: AbortSignal): Promise<ModelPromptResult> {
    const reply = planReply(request, this.longAnswerWords);
    const said = request.messages.filter((message) => !message.is_context_note);
    const tokensIn = Math.ceil(JSON.stringify(request.messages).length / 4);
    for (const [index, word] of reply.text.split(/(?<=\s)(?=\S)/).entries()) {
      if (index > 0 && this.wordDelayMs > 0) await abortableSleep(this.wordDelayMs, signal);
      if (signal?.aborted) throw abortedError(this.name);
      await notify("text_delta", { text: word });
    }

    const toolCalls: ToolCall[] = reply.calls.map((call, index) => ({
      id: demoToolCallId(said, index, call.tool),
      tool_name: call.tool,
      input_args: call.input,
    }));
    for (const call of toolCalls) await notify("tool_use", { id: call.id, name: call.tool_name, input: call.input_args });

    const stopReason = toolCalls.length > 0 ? "tool_use" : "end_turn";
    const tokensOut = countWords(reply.text) + toolCalls.length;
    await notify("model_response_complete", {
      text: reply.text,
      tool_calls: toolCalls,
      stop_reason: stopReason,
      tokens_in: tokensIn,
      tokens_out: tokensOut,
    });
    return {
      messages: [{ sender: "agent", text: reply.text, ...(toolCalls.length > 0 && { tool_calls: toolCalls }) }],
      tokens_in: tokensIn,
      tokens_out: tokensOut,
      stop_reason: stopReason,
    };
  }
}

/**
 * The reply for a request, decided from the last message and whether it carries tool results.
 * The runtime's context note (the open forms' status line, appended after everything) is never
 * what the person wrote: it only says that a form is open.
 */
function planReply(request: PromptRequest, longAnswerWords = 600): PlannedReply {
  const messages = request.messages.filter((message) => !message.is_context_note);
  const formOpen = request.messages.some((message) => message.is_context_note && /\[form:/.test(message.text));
  const last = messages.at(-1);
  const lastText = userWords(last?.text ?? "");
  if (isSummaryRequest(request, lastText)) return { text: summarize(messages), calls: [] };
  if (last?.tool_results?.length) return { text: describeResults(last.tool_results, messages), calls: [] };

  const reply = answer(request, last, lastText, longAnswerWords, formOpen);
  const firstReply = !messages.some((message) => message.sender === "agent" || message.is_compaction);
  return firstReply ? { ...reply, text: `${DEMO_INTRO}\n\n${reply.text}` } : reply;
}

/**
 * The runtime appends its notes to the last user message after a blank line, in brackets
 * ("[Reminder] ...", the step-limit note); they are not the user's request. Whitespace is
 * folded so the triggers' end-anchored patterns work on multi-line messages.
 */
function userWords(text: string): string {
  return text
    .split(/\n\s*\n\[/)[0]
    .replace(/\s+/g, " ")
    .trim();
}

/** Compaction and the loop's last call at its iteration cap forbid tools: text only. */
function isSummaryRequest(request: PromptRequest, lastText: string): boolean {
  if (request.toolChoice === "none") return true;
  if (request.systemPrompt && DEMO_SUMMARY.systemPromptPattern.test(request.systemPrompt)) return true;
  return DEMO_SUMMARY.pattern.test(lastText);
}

function answer(request: PromptRequest, last: Message | undefined, text: string, longAnswerWords: number, formOpen: boolean): PlannedReply {
  if (last?.is_inbox_injection) return { text: `An inbox update arrived: ${text}`, calls: [] };
  if (DEMO_LONG_ANSWER.pattern.test(text)) return { text: longAnswer(longAnswerWords), calls: [] };
  if (DEMO_CODE_AND_TABLE.pattern.test(text)) return { text: DEMO_CODE_AND_TABLE.answer(), calls: [] };
  const use = demoToolUse(text, request.tools);
  if (use) return "reply" in use ? { text: use.reply, calls: [] } : { text: `I'll use ${use.tool}.`, calls: [use] };
  const trigger = findDemoTrigger(text, { formOpen });
  if (!trigger) {
    const examples = DEMO_TRIGGERS.slice(0, 4).map((t) => `"${t.example}"`);
    return {
      text: `I heard: "${text}". As the demo model I act on set phrases, for example ${examples.join(", ")}. More are under "More demo sentences" on the chat home. ${DEMO_USE_TOOL.help}`,
      calls: [],
    };
  }
  if (!request.tools?.some((tool) => tool.name === trigger.tool)) {
    // People's words: the tool's id is the model's, not theirs (docs/models.md keeps the table of ids).
    return { text: NOT_ENABLED, calls: [] };
  }
  const input = trigger.input(text);
  return { text: trigger.lead(input), calls: [{ tool: trigger.tool, input }] };
}

function describeResults(results: ToolResult[], messages: Message[]): string {
  const calls = new Map(messages.flatMap((message) => message.tool_calls ?? []).map((call) => [call.id, call]));
  return results
    .map(({ tool_name: tool, call_id: callId, result }) => {
      const input = (calls.get(callId)?.input_args ?? {}) as DemoToolInput;
      const trigger = DEMO_TRIGGERS.find((t) => t.tool === tool && (t.forInput?.(input) ?? true));
      if (result.status === "success") return trigger ? trigger.done(input, result.data) : doneWithout(tool, result.data);
      const reason = errorReason(result);
      return withFullStop(trigger ? trigger.failed(input, reason) : `${tool} failed: ${reason}`);
    })
    .join(" ");
}

/** A tool no trigger words (a connector's, called with "use ..."): its text answer, shortened. */
function doneWithout(tool: string, data: unknown): string {
  return typeof data === "string" && data ? `${tool} answered: ${truncate(data, 300)}` : `Done: ${tool} finished.`;
}

/** A denial or failure says why in `message`, or in its data; the engine's `did_you_mean` is offered. */
function errorReason(result: ToolResultPayload): string {
  const data = result.data as Record<string, unknown> | string | null | undefined;
  const suggestions = data && typeof data === "object" && Array.isArray(data.did_you_mean) ? data.did_you_mean.map(String) : [];
  const reason = plainReason(result, data);
  return suggestions.length > 0 ? `${withFullStop(reason)} Did you mean ${suggestions.join(" or ")}?` : reason;
}

function plainReason(result: ToolResultPayload, data: Record<string, unknown> | string | null | undefined): string {
  if (result.message) return result.message;
  if (typeof data === "string" && data) return data;
  if (data && typeof data === "object") {
    for (const key of ["reason", "error", "message"]) if (typeof data[key] === "string") return data[key] as string;
  }
  return "no reason was given";
}

function withFullStop(sentence: string): string {
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

function summarize(messages: Message[]): string {
  const earlier = messages.find((message) => message.is_compaction);
  const requests = messages
    .filter((message) => message.sender === "user" && !message.is_compaction && !message.tool_results?.length && message.text)
    .map((message) => `"${truncate(message.text, 80)}"`);
  const results = messages
    .flatMap((message) => message.tool_results ?? [])
    .map(({ tool_name: tool, result }) =>
      result.status === "success" ? `${tool} succeeded` : `${tool} failed (${truncate(errorReason(result), 60)})`,
    );
  const inbox = messages
    .flatMap((message) => message.tool_calls ?? [])
    .filter((call) => call.tool_name === "glove_post_to_inbox")
    .map((call) => {
      const input = call.input_args as { tag?: string; request?: string };
      return `${input.tag}: ${input.request}`;
    });
  return [
    "Summary of the conversation so far.",
    earlier && `Before that: ${truncate(earlier.text, 200)}`,
    requests.length > 0 && `The user asked: ${requests.join("; ")}.`,
    results.length > 0 && `Tool results: ${results.join("; ")}.`,
    inbox.length > 0 && `Inbox requests: ${inbox.join("; ")}.`,
  ]
    .filter(Boolean)
    .join(" ");
}

const LONG_ANSWER_SENTENCES = [
  "The demo model is writing a long answer so that you can watch it stream.",
  "Every word arrives on its own, a few milliseconds after the one before.",
  "Press stop at any moment and the stream ends where it is.",
  "What was already written stays in the conversation, and nothing else is added.",
  "A real model would say something useful here; the demo only fills the space.",
];

function longAnswer(words: number): string {
  const sentences: string[] = [];
  let count = 0;
  for (let index = 0; count < words; index += 1) {
    const sentence = LONG_ANSWER_SENTENCES[index % LONG_ANSWER_SENTENCES.length];
    sentences.push(sentence);
    count += countWords(sentence);
  }
  return sentences.join(" ");
}

function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

function truncate(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/**
 * Deterministic for the same conversation, yet distinct across conversations: the last
 * message's store id (unique) goes into the hash along with the position and the tool.
 */
function demoToolCallId(messages: Message[], index: number, tool: string): string {
  const last = messages.at(-1);
  const digest = createHash("sha256")
    .update(JSON.stringify([last?.id ?? null, last?.text ?? "", messages.length, index, tool]))
    .digest("hex");
  return `toolu_demo_${digest.slice(0, 20)}`;
}
