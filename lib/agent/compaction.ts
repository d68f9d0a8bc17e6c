import { modelView, withNote } from "./history";
import { pendingInboxSection } from "./inbox";
import type { Message } from "./messages";
import type { ModelCapabilities } from "./model-adapter";
import { callModel, stripRenderData } from "./model-call";
import type { RunSession } from "./run-session";
import { toolSpec } from "./tool";

/** The threshold when the model's window is unknown (an adapter without `capabilities`). */
export const DEFAULT_CONTEXT_LIMIT = 100_000;
/** Share of the model's window the context may fill before it is summarised. */
export const CONTEXT_WINDOW_SHARE = 0.8;

/**
 * When to summarise: the Glove's own `contextLimit` if it set one; else 80 % of the model's window,
 * earlier when the answer would not fit (window minus its output limit), but never below half the
 * window (a model whose output limit is its window); else the default.
 */
export function contextLimitFor(override: number | undefined, capabilities: ModelCapabilities | undefined): number {
  if (override !== undefined) return override;
  if (!capabilities) return DEFAULT_CONTEXT_LIMIT;
  const { context_window, max_output_tokens } = capabilities;
  const roomForAnswer = Math.max(context_window / 2, context_window - max_output_tokens);
  return Math.floor(Math.min(context_window * CONTEXT_WINDOW_SHARE, roomForAnswer));
}

export const DEFAULT_COMPACTION_INSTRUCTIONS =
  "Summarise the conversation above so you can continue it without seeing it again: the user's goals and open requests, " +
  "decisions made, facts and tool results that still matter, what is in progress and what you were about to do next. " +
  "Keep names, numbers and identifiers exactly. Reply with the summary only.";

const SUMMARY_SYSTEM_PROMPT = "You summarise conversations between people and an AI agent, for the agent itself to continue from.";
export const SUMMARY_HEADING = "[Summary of the conversation so far]";

/** A rough token count (4 characters each) of what the model would see. */
export const estimateTokens = (messages: Message[]) => Math.ceil(JSON.stringify(stripRenderData(messages)).length / 4);

/**
 * The size of the context the model would see now, not a running total: the last stored reply's
 * real input + output (which also counts the system prompt and tools) plus an estimate of what
 * came after it, or the estimate of the whole view since the last summary if that is larger.
 */
export function currentContextTokens(history: Message[]): number {
  const view = modelView(history);
  const estimate = estimateTokens(view);
  const measuredAt = view.findLastIndex((message) => message.sender === "agent" && message.usage);
  if (measuredAt === -1) return estimate;
  const { tokens_in, tokens_out } = view[measuredAt].usage!;
  return Math.max(estimate, tokens_in + tokens_out + estimateTokens(view.slice(measuredAt + 1)));
}

/**
 * Summarises when the context passes the limit (or when forced by a hook). Only called at safe
 * points (no step without results), so a summary never splits a tool call from its result.
 * The full history stays in the store; the model sees the summary and what follows it.
 */
export async function maybeCompact(session: RunSession, force = false): Promise<boolean> {
  const view = modelView(session.history);
  const nothingNew = view.length === 0 || (view.length === 1 && view[0].is_compaction);
  const size = currentContextTokens(session.history);
  const limit = contextLimitFor(session.deps.settings.contextLimit, session.deps.model().capabilities);
  if (nothingNew || (!force && size < limit)) return false;

  const { store, emit, settings, tools } = session.deps;
  await emit("compaction_start", { current_token_consumption: size });
  const { message } = await callModel(session, withNote(view, settings.compactionInstructions), {
    tools: [...tools.values()].map(toolSpec),
    toolChoice: "none",
    systemPrompt: SUMMARY_SYSTEM_PROMPT,
    streamText: false,
  });
  const summary: Message = {
    id: session.deps.newId(),
    sender: "user",
    text: `${SUMMARY_HEADING}\n${message.text.trim()}${pendingInboxSection(await store.getInboxItems())}`,
    is_compaction: true,
    created_at: session.timestamp(),
  };
  await session.append(summary);
  await store.resetCounters();
  await emit("compaction_end", { current_token_consumption: estimateTokens([summary]), summary_message: summary });
  return true;
}
