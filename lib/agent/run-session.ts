import { RequestMeter } from "./budget";
import type { Emit } from "./events";
import type { Message } from "./messages";
import type { ModelAdapter } from "./model-adapter";
import type { PermissionPolicy } from "./permissions";
import { announceAppended, type RunObserver } from "./run-observer";
import type { InboxItem, RunUsage, StoreAdapter } from "./store-adapter";
import type { GloveTool, GloveToolHandle } from "./tool";

/** The loop's own limits and policy, set by whoever builds the Glove (not the tenant's stored settings). */
export interface LoopSettings {
  /** Model steps per request (the whole run, waits and injections included) before the final summary call. */
  maxIterations: number;
  /** Effective tokens per request (budget.ts), subagents' included. */
  requestBudget: number;
  /** Compaction's threshold when the Glove sets one; otherwise it comes from the model's window (compaction.ts). */
  contextLimit?: number;
  compactionInstructions: string;
  permissionPolicy: PermissionPolicy;
  slotTtlMs?: number;
  steeringLimit: number;
  /** Characters of one tool result's JSON the model sees at most (tool-result-limit.ts). */
  toolResultLimit: number;
}

/** What the loop needs from the agent that owns it. */
export interface RuntimeDeps {
  store: StoreAdapter;
  /** Told of run status changes and typed user messages (their events go through `emit`). */
  observers: readonly RunObserver[];
  emit: Emit;
  now: () => Date;
  newId: () => string;
  settings: LoopSettings;
  tools: ReadonlyMap<string, GloveTool>;
  handle: GloveToolHandle;
  model: () => ModelAdapter;
  /** The transient note for the next model step (`GloveConfig.contextNotes`, failures already reported); null for none. */
  contextNote: () => Promise<string | null>;
  inbox: InboxAdapter;
  /** `GloveConfig.describeFailure`: the host's words for a failure it recognises, else null. */
  describeFailure: (error: unknown) => string | null;
  /** Set on a subagent's Glove: the parent request's meter, which its usage counts against too. */
  parentMeter?: RequestMeter;
  /** The meters of the runs executing in this process, by run id (a subagent's dispatch finds its request's). */
  meters: Map<string, RequestMeter>;
}

/** The host's part in posting inbox items (GloveConfig.inbox); all optional. */
export interface InboxAdapter {
  /** Refuses a response schema the host cannot check answers with: a sentence for the agent, or null when it is fine. */
  checkResponseSchema?(schema: Record<string, unknown>): string | null;
  /**
   * Called once the item is stored (also for a re-executed call of a pending item), before the tool answers: e.g.
   * an answer that arrived before the item (an inbound webhook's kept event) resolves it now. Resolves true when it
   * settled the item. A failure here is the host's to report; the item stays posted either way.
   */
  posted?(item: InboxItem): Promise<boolean>;
  /** Fields the posting tool's result adds for the agent, e.g. the item's public id and capability link (the item as stored). */
  describe?(item: InboxItem): Record<string, unknown>;
}

/**
 * One run's working state. The run holds the one-active-run lock, so it is the only writer of
 * messages while it lives and may keep the history in memory.
 */
export class RunSession {
  private readonly storedIds: Set<string | undefined>;
  /** A reply in the history that the run's next write stores (see `stage`), and what to emit once it is stored. */
  private staged: { message: Message; stored: () => Promise<void> } | null = null;
  readonly meter: RequestMeter;

  constructor(
    readonly deps: RuntimeDeps,
    readonly runId: string,
    readonly signal: AbortSignal,
    readonly history: Message[],
    /** The request's usage so far, as stored on the run. */
    usage: RunUsage = { model_steps: 0, effective_tokens: 0 },
  ) {
    this.meter = new RequestMeter(deps.store, runId, deps.settings.requestBudget, usage, deps.parentMeter);
    this.storedIds = new Set(history.map((message) => message.id));
  }

  timestamp() {
    return this.deps.now().toISOString();
  }

  /** Stores the messages (a staged reply first), each once. */
  async append(...messages: Message[]) {
    const fresh = messages.filter((message) => !message.id || !this.storedIds.has(message.id)).map(this.ownedByRun);
    if (fresh.length === 0 && !this.staged) return;
    await this.storeStagedWith((staged) => this.deps.store.appendMessages([...staged, ...fresh]));
    this.history.push(...fresh);
    for (const message of fresh) this.storedIds.add(message.id);
    await announceAppended(this, fresh);
  }

  /**
   * Puts a reply in the history for the run's next write to store: a reply without tool calls is
   * followed by the run's end, which stores it in its own statement (completeRunUnlessWork), one
   * commit instead of two. `stored` runs once it is stored.
   */
  stage(message: Message, stored: () => Promise<void>) {
    const owned = this.ownedByRun(message);
    this.history.push(owned);
    this.staged = { message: owned, stored };
  }

  /** `write` stores the staged reply (none: an empty list) with what else it writes; a failed write keeps it staged. */
  async storeStagedWith<T>(write: (staged: Message[]) => Promise<T>): Promise<T> {
    const staged = this.staged;
    const result = await write(staged ? [staged.message] : []);
    if (staged) {
      this.staged = null;
      this.storedIds.add(staged.message.id);
      await staged.stored();
    }
    return result;
  }

  private readonly ownedByRun = (message: Message): Message =>
    message.sender === "agent" && !message.run_id ? { ...message, run_id: this.runId } : message;
}
