import type { ModelAdapter } from "../model-adapter";

/** What a hook or skill may do to the agent. */
export interface AgentControls {
  /** Summarises the history now, before the user's message is stored. */
  forceCompaction(): Promise<void>;
  /** Switches the model for this and later requests of this agent instance. */
  setModel(model: ModelAdapter): void;
  readonly model: ModelAdapter;
}

export interface HookContext {
  name: string;
  rawText: string;
  /** The text with bound directives replaced (and rewritten by earlier hooks). */
  parsedText: string;
  controls: AgentControls;
  signal: AbortSignal;
}

export interface HookResult {
  /** Replaces what the model sees; the raw text is kept as `pre_modified_text`. */
  rewriteText?: string;
  /** Answers without calling the model: the user's message and this reply are stored. */
  shortCircuit?: { message: string };
}

export type HookHandler = (ctx: HookContext) => Promise<HookResult | void> | HookResult | void;
