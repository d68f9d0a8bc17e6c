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
  setSystemPrompt(systemPrompt: string): void;
  prompt(request: PromptRequest, notify: NotifySubscribersFunction, signal?: AbortSignal): Promise<ModelPromptResult>;
}
