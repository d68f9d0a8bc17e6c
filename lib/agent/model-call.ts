import { AbortError } from "./errors";
import { agentEventSchemas, MODEL_EVENT_TYPES, type AgentEventType } from "./events";
import type { Message, ToolCall } from "./messages";
import { effectiveTokens } from "./budget";
import { reportedUsageOf, type ModelPromptResult, type ModelToolSpec, type ReportedUsage, type TokenUsage } from "./model-adapter";
import type { RunSession } from "./run-session";
import { estimateStoppedUsage } from "./stopped-usage";
import { cutToolResults } from "./tool-result-limit";

/** The model was stopped mid-answer; `partialText` is what it had streamed so far. */
export class ModelAbortedError extends AbortError {
  constructor(readonly partialText: string) {
    super();
  }
}

/**
 * Removes `renderData` from every tool result. It is for client renderers only; this is the one
 * place it is stripped, and every model call goes through `callModel`.
 */
export function stripRenderData(messages: Message[]): Message[] {
  return messages.map((message) =>
    message.tool_results
      ? {
          ...message,
          tool_results: message.tool_results.map(({ result: { renderData: _renderData, ...result }, ...rest }) => ({ ...rest, result })),
        }
      : message,
  );
}

export interface ModelCallOptions {
  tools?: ModelToolSpec[];
  toolChoice?: "auto" | "none";
  systemPrompt?: string;
  /** False for internal calls (compaction summaries): their text is not streamed to people. */
  streamText: boolean;
  /** A step of the loop (counted against `maxIterations`), not a compaction summary. */
  step?: boolean;
}

export interface ModelReply {
  message: Message;
  result: ModelPromptResult;
  /** Tool call ids the adapter already announced with `tool_use`. */
  announcedToolUseIds: Set<string>;
}

/**
 * One model call: strips renderData, relays the adapter's events (known names with valid
 * payloads only), records token usage (also of failed and stopped attempts, as the provider
 * reported it), merges the reply into one agent message that names the model that answered.
 * `model_response_complete` is emitted by the caller, once the reply is stored.
 */
export async function callModel(session: RunSession, messages: Message[], options: ModelCallOptions): Promise<ModelReply> {
  const { emit, store } = session.deps;
  let streamed = "";
  const announcedToolUseIds = new Set<string>();
  const notify = async (eventName: string, eventData: unknown) => {
    if (!(MODEL_EVENT_TYPES as readonly string[]).includes(eventName) || eventName === "model_response_complete") return;
    const type = eventName as AgentEventType;
    const parsed = agentEventSchemas[type].safeParse(eventData);
    if (!parsed.success) return;
    if (type === "tool_use") announcedToolUseIds.add((parsed.data as { id: string }).id);
    if (!options.streamText && (type === "text_delta" || type === "tool_use")) return;
    await emit(type, parsed.data as never);
    // Only text people were shown: a stop keeps exactly this (finishAborted), never an unstreamed
    // summary, nor what a retry or fallback discarded (the client drops it too: apply-event.ts).
    if (type === "text_delta") streamed += (parsed.data as { text: string }).text;
    if ((type === "model_retry" || type === "model_fallback") && (parsed.data as { discardPartial?: unknown }).discardPartial === true)
      streamed = "";
  };

  // Long tool results are cut in the model's view only (tool-result-limit.ts): the store and the UI keep them whole.
  const view = cutToolResults(messages, session.deps.settings.toolResultLimit);
  const model = session.deps.model();
  let result: ModelPromptResult;
  try {
    result = await model.prompt(
      { messages: stripRenderData(view), tools: options.tools, toolChoice: options.toolChoice, systemPrompt: options.systemPrompt },
      notify,
      session.signal,
    );
  } catch (error) {
    // What the provider billed before the call failed or was stopped still counts.
    const reported = reportedUsageOf(error);
    const stopped = session.signal.aborted;
    const estimated = stopped && reported.length === 0 ? [{ usage: estimateStoppedUsage(view, streamed), model: model.name }] : [];
    await recordUsage(session, [...reported, ...estimated], 0);
    if (stopped) throw new ModelAbortedError(streamed);
    throw error;
  }

  const answered: ReportedUsage = { usage: usageOf(result), model: result.model ?? model.name };
  await recordUsage(session, [...(result.discardedUsage ?? []), answered], options.step ? 1 : 0);
  await store.incrementTurn();
  return { message: mergeReply(result, answered, session), result, announcedToolUseIds };
}

const usageOf = (usage: TokenUsage): TokenUsage => ({
  tokens_in: usage.tokens_in,
  tokens_out: usage.tokens_out,
  ...(usage.cache_read_tokens !== undefined && { cache_read_tokens: usage.cache_read_tokens }),
  ...(usage.cache_write_tokens !== undefined && { cache_write_tokens: usage.cache_write_tokens }),
});

/**
 * Every attempt's usage goes to the store's counters, the request's meter and a `token_consumption`
 * event each; `steps`: the model steps to count (one for a loop step that answered).
 */
async function recordUsage(session: RunSession, attempts: ReportedUsage[], steps: number): Promise<void> {
  const { store, emit } = session.deps;
  let spent = 0;
  for (const { usage, model } of attempts) {
    const consumption = usageOf(usage);
    await store.addTokens(consumption);
    await emit("token_consumption", { consumption, model });
    spent += effectiveTokens(consumption);
  }
  await session.meter.charge({ model_steps: steps, effective_tokens: spent });
}

/**
 * One stored agent message from the adapter's reply. Fields an adapter adds (e.g. Anthropic's
 * `thinking_blocks`, which must be sent back with the tool calls) are kept.
 */
function mergeReply(result: ModelPromptResult, answered: ReportedUsage, session: RunSession): Message {
  const replies = result.messages.filter((message) => message.sender === "agent");
  const toolCalls: ToolCall[] = replies
    .flatMap((message) => message.tool_calls ?? [])
    .map((call) => ({ ...call, id: call.id || session.deps.newId() }));
  const { tool_calls: _calls, ...extras } = Object.assign({}, ...replies) as Message;
  return {
    ...extras,
    id: session.deps.newId(),
    sender: "agent",
    text: replies.map((message) => message.text).join(""),
    ...(toolCalls.length > 0 && { tool_calls: toolCalls }),
    usage: { ...answered.usage, model: answered.model },
    ...(result.fallback && { fallback: { ...result.fallback } }),
    created_at: session.timestamp(),
  };
}
