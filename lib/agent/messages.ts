/** Glove's message shapes. Persisted as-is; `renderData` never reaches a model. */

export interface ToolCall {
  id: string;
  tool_name: string;
  input_args: unknown;
}

export interface ToolResultPayload {
  status: "success" | "error";
  data: unknown;
  message?: string;
  /** For the client renderer only; stripped before any model call. */
  renderData?: unknown;
}

export interface ToolResult {
  tool_name: string;
  call_id: string;
  result: ToolResultPayload;
}

export interface ImagePart {
  media_type: "image/png" | "image/jpeg" | "image/gif" | "image/webp";
  /** base64 without the data: prefix */
  data: string;
}

/** A file the person attached (stored apart, by the server): the message keeps this, never the bytes. */
export interface AttachmentRef {
  id: string;
  /** Detected from the bytes: an image type, application/pdf, text/plain or text/markdown. */
  media_type: string;
  /** The original file name, sanitized; for display only. */
  name: string;
  size: number;
}

/** A PDF for the model: filled in from an attachment just before a model call, never stored. */
export interface DocumentPart {
  media_type: "application/pdf";
  /** base64 without the data: prefix */
  data: string;
  name: string;
}

/**
 * Anthropic extended-thinking output, kept verbatim (signature included): with thinking on, the
 * API requires an agent message's thinking blocks to be sent back ahead of its tool calls.
 */
export type ThinkingBlock = { type: "thinking"; thinking: string; signature: string } | { type: "redacted_thinking"; data: string };

/**
 * Reasoning output of the AI SDK path, kept verbatim: providers that think (Anthropic through the
 * AI SDK, reasoning models) require it, with its provider data (a signature), sent back on the
 * turn that continues its tool calls.
 */
export interface ReasoningPart {
  text: string;
  /** The provider's data for this part (e.g. `{anthropic: {signature}}`), passed back as it came. */
  providerOptions?: Record<string, Record<string, unknown>>;
}

/** Which model a light / heavy router sent a call to, and why (the request's structural score). */
export interface RoutingDecision {
  model: string;
  tier: "light" | "heavy";
  score: number;
  threshold: number;
}

export interface Message {
  id?: string;
  sender: "user" | "agent";
  text: string;
  /** The user's raw text when a `/hook` rewrote it; the model sees `text`. */
  pre_modified_text?: string;
  tool_calls?: ToolCall[];
  tool_results?: ToolResult[];
  images?: ImagePart[];
  /** Files attached in the browser, by id; the server turns them into images, documents and text for the model. */
  attachments?: AttachmentRef[];
  /** PDFs for the model (from `attachments`, only in what a model call is given). */
  documents?: DocumentPart[];
  /** Set by the Anthropic adapter when extended thinking is on; other adapters ignore it. */
  thinking_blocks?: ThinkingBlock[];
  /** Set by the AI SDK adapter when the model reasoned; sent back ahead of the message's tool calls. */
  reasoning?: ReasoningPart[];
  /**
   * On agent messages: what the model call that wrote it consumed. Its input + output is the
   * size of the context at that point, which is what compaction measures.
   */
  usage?: { tokens_in: number; tokens_out: number; cache_read_tokens?: number; cache_write_tokens?: number; model?: string };
  /** On agent messages a fallback model wrote: the model it replaced and why, shown with the message. */
  fallback?: { from: string; kind: string };
  /** On agent messages of an agent with a light model: where the router sent the call that wrote it. */
  routed?: RoutingDecision;
  /** On an agent message cut short by Stop: the text is what had streamed when the run stopped. */
  stopped?: boolean;
  /** A summary that replaces everything before it in what the model sees. */
  is_compaction?: boolean;
  /** A user message injected by a skill. */
  is_skill_injection?: boolean;
  /** A user message that carries resolved inbox items. */
  is_inbox_injection?: boolean;
  /**
   * On an inbox injection: who answered, as the runtime described them ("Finance (API key)"), for the
   * chat's label. Kept apart from the text, so words inside an answer can never forge the label.
   */
  inbox_sources?: string[];
  /** A user message sent while a run was busy, injected at the next safe point. */
  is_steering?: boolean;
  /**
   * Appended to the model's input before a call and never stored: the open forms' one-line
   * status (tier 0). Adapters keep their cache breakpoint before it; the demo model reads it to
   * know a form is open, and never mistakes it for what the person wrote.
   */
  is_context_note?: boolean;
  /** On agent messages: the run that wrote it, stamped as it is stored (feedback names the run). */
  run_id?: string;
  created_at?: string;
}
