import type { Message } from "./messages";

/** A tool as a model sees it: name, description and a JSON schema of its input. */
export interface ModelToolSpec {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

export interface PromptRequest {
  /** The conversation as the model should see it (already compacted, renderData stripped). */
  messages: Message[];
  tools?: ModelToolSpec[];
  /**
   * "none": the model must answer in text only (the step-limit summary, compaction). `tools` is
   * still sent, because providers reject histories with tool calls when no tools are defined.
   * Absent means "auto".
   */
  toolChoice?: "auto" | "none";
  /** Overrides the adapter's system prompt for this call (e.g. a summary request). */
  systemPrompt?: string;
  maxTokens?: number;
}

export interface TokenUsage {
  tokens_in: number;
  tokens_out: number;
  cache_read_tokens?: number;
  cache_write_tokens?: number;
}

export interface ModelPromptResult extends TokenUsage {
  /** Usually one agent message; its `tool_calls` are what the loop executes next. */
  messages: Message[];
  stop_reason?: "end_turn" | "tool_use" | "max_tokens" | "aborted" | "other";
  /** Provider-qualified name of the model that actually answered (a fallback's when one did); absent: the adapter's `name`. */
  model?: string;
  /** Set when a fallback answered: the model it replaced and why (a `ModelErrorKind` of lib/models). */
  fallback?: { from: string; kind: string };
  /** What attempts that failed before this answer consumed (retries, models fallen back from). */
  discardedUsage?: ReportedUsage[];
}

/** What a model can do, from the known-models table or the tenant's settings (an OpenAI-compatible server). */
export interface ModelCapabilities {
  /** Input + output tokens the model can hold; compaction triggers from it. */
  context_window: number;
  /** The most tokens one answer may have. */
  max_output_tokens: number;
  images: boolean;
  /** Reads PDF documents. Absent: it does not (a PDF is refused before the call, not failed upstream). */
  pdfs?: boolean;
  tools: boolean;
  reasoning: boolean;
}

/**
 * What a failed, retried or stopped call still consumed, as the provider reported it. An adapter (or the
 * reliability wrapper) attaches it to the error it throws, so the runtime records it: nothing the provider
 * billed goes unrecorded.
 */
export interface ReportedUsage {
  usage: TokenUsage;
  /** Provider-qualified name of the model that consumed it. */
  model: string;
}

/** The usage a thrown model error carries (`error.reportedUsage`: one entry per attempt that reported any). */
export function reportedUsageOf(error: unknown): ReportedUsage[] {
  const reported = (error as { reportedUsage?: unknown } | null)?.reportedUsage;
  return Array.isArray(reported) ? (reported as ReportedUsage[]) : [];
}

/**
 * Streams events while the model answers. Glove's event names: `text_delta` ({text}),
 * `tool_use` ({id, name, input}), `model_response_complete`, plus `model_retry` and
 * `model_fallback` from the reliability wrapper.
 */
export type NotifySubscribersFunction = (eventName: string, eventData: unknown) => Promise<void> | void;

export interface ModelAdapter {
  /** Provider-qualified name, e.g. "anthropic:claude-sonnet-4-5" or "demo". */
  name: string;
  /** What the (primary) model can do; absent: unknown, the runtime assumes the defaults of `lib/agent`. */
  capabilities?: ModelCapabilities;
  setSystemPrompt(systemPrompt: string): void;
  prompt(request: PromptRequest, notify: NotifySubscribersFunction, signal?: AbortSignal): Promise<ModelPromptResult>;
}
