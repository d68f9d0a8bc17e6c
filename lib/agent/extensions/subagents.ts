import type { RunOutcome } from "../agent-loop";
import type { RequestMeter } from "../budget";
import type { SubscriberAdapter } from "../events";
import type { StoreAdapter } from "../store-adapter";

export interface SubAgentFactoryContext {
  name: string;
  prompt: string;
  parentStore: StoreAdapter;
  /** The child's own store (a durable sub-store of the parent, one per tool call): build the child over it. */
  store: StoreAdapter;
}

/** What the dispatcher needs from a child agent (a built `Glove`). */
export interface SubAgentRunnable {
  processRequest(text: string, options?: { signal?: AbortSignal }): Promise<RunOutcome | { status: "queued" }>;
  continueRun(options?: { signal?: AbortSignal; recover?: boolean }): Promise<RunOutcome | { status: "busy" | "idle" }>;
  abort(): Promise<unknown>;
  addSubscriber(subscriber: SubscriberAdapter): unknown;
  removeSubscriber(subscriber: SubscriberAdapter): unknown;
  /** Counts the child's usage against the parent request too (a `Glove` has it; other runnables may ignore budgets). */
  chargeTo?(parent: RequestMeter): unknown;
}

export type SubAgentFactory = (ctx: SubAgentFactoryContext) => Promise<SubAgentRunnable> | SubAgentRunnable;

export interface DefineSubAgentArgs {
  name: string;
  /** Shown to the model in `glove_invoke_subagent`. */
  description?: string;
  factory: SubAgentFactory;
}
