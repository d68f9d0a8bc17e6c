import { finishAborted, runToEnd, type RequestPrelude, type RunOutcome } from "./agent-loop";
import { StopRequest } from "./stop-request";
import { createInvokeSkillTool, INVOKE_SKILL_TOOL_NAME } from "./builtin-tools/invoke-skill";
import { createInvokeSubagentTool } from "./builtin-tools/invoke-subagent";
import { createPostToInboxTool } from "./builtin-tools/post-to-inbox";
import { createUpdateTasksTool } from "./builtin-tools/update-tasks";
import { DEFAULT_REQUEST_BUDGET, type RequestMeter } from "./budget";
import { DEFAULT_COMPACTION_INSTRUCTIONS, maybeCompact } from "./compaction";
import { AbortError } from "./errors";
import type { AgentEventType, Emit, SubscriberAdapter } from "./events";
import type { AgentControls, HookHandler } from "./extensions/hooks";
import { parseTokens } from "./extensions/parse-tokens";
import { skillMessage, type DefineSkillArgs } from "./extensions/skills";
import type { DefineSubAgentArgs } from "./extensions/subagents";
import { awaitsReply, unfinishedStep } from "./history";
import { resolveInboxItem } from "./inbox";
import type { AttachmentRef, ImagePart, Message } from "./messages";
import type { ModelAdapter } from "./model-adapter";
import type { PermissionAnswerer, PermissionPolicy } from "./permissions";
import { composeSystemPrompt, type PromptContributor } from "./prompt-contributors";
import { createRun, createRunAndRead, transitionRun, type RunObserver } from "./run-observer";
import { RunSession, type InboxAdapter, type RuntimeDeps } from "./run-session";
import { rejectSlot, resolveSlot, type SlotAnswer, type SlotAnswerDeps } from "./slot-answer";
import { closeStep } from "./step-runner";
import { injectQueuedMessages, queueMessage } from "./steering";
import {
  awaitsTelling,
  type InboxResolver,
  type QueuedMessage,
  type RunStartReads,
  type SlotRecord,
  type StoreAdapter,
} from "./store-adapter";
import type { GloveTool, GloveToolHandle } from "./tool";
import { DEFAULT_TOOL_RESULT_LIMIT } from "./tool-result-limit";

export interface GloveConfig {
  store: StoreAdapter;
  model: ModelAdapter;
  /** The tenant's prompt: the first part of the system prompt the model sees. */
  systemPrompt: string;
  /**
   * The system prompt's other parts (prompt-contributors.ts: tools, date, organization, person), composed
   * after `systemPrompt` each time a run starts executing here.
   */
  promptContributors?: readonly PromptContributor[];
  /** Model steps per request (the whole run: waits, steering, inbox injections and compaction included) before the final summary call (default 25). */
  maxIterations?: number;
  /**
   * Effective tokens one request may spend (budget.ts: uncached input + cache reads × 0.1 + output × 4),
   * its subagents' included; checked between model calls. Past it: one summary call and a sentence
   * saying so. Default DEFAULT_REQUEST_BUDGET.
   */
  requestBudget?: number;
  /** `contextLimit` overrides the threshold taken from the model's window (compaction.ts, `contextLimitFor`). */
  compaction?: { contextLimit?: number; instructions?: string };
  /** Tenant policy: tools allowed or denied without asking. */
  permissionPolicy?: PermissionPolicy;
  /** Pending cards expire after this long (tenant setting). */
  slotTtlMs?: number;
  /** Messages that may wait while a run is busy (default 10). */
  steeringLimit?: number;
  /** A tool result whose JSON is longer reaches the model cut, with a note (default 32,000 characters); the store keeps it whole. */
  toolResultLimit?: number;
  now?: () => Date;
  newId?: () => string;
  /** Watch the runs: events (as subscribers), status changes, typed user messages. */
  observers?: readonly RunObserver[];
  /**
   * Tier-0 context: called right before every model step (not compaction summaries) for a line the
   * model should see now, e.g. the open form's status. It is appended to that call's input as a
   * user message flagged `is_context_note`, and never stored or emitted; null sends nothing.
   */
  contextNotes?: () => Promise<string | null>;
  /** What the host adds to inbox items the agent posts (a response schema's check, the item's capability link). */
  inbox?: InboxAdapter;
  /**
   * A subscriber, observer or `contextNotes` that throws does not stop the run; it is reported
   * here (default: console.error), with the event it failed on or `"context_notes"`.
   */
  onSubscriberError?: (error: unknown, source: AgentErrorSource) => void;
  /**
   * The sentence a person sees when a run fails with an error only the host can name (e.g. its
   * database was briefly away); null leaves it to the runtime's own words (`userFacingMessage`).
   */
  describeFailure?: (error: unknown) => string | null;
}

/** What `onSubscriberError` reports a failure of: an event's subscriber, the context notes or a prompt contributor. */
export type AgentErrorSource = AgentEventType | "context_notes" | "prompt_contributors";

export interface RequestOptions {
  signal?: AbortSignal;
  /** The server may choose the run id (e.g. its own Run row's). */
  runId?: string;
  images?: ImagePart[];
  /** Files attached in the browser, stored by the server; the message keeps these references. */
  attachments?: AttachmentRef[];
  /** The person who sent the message: grants that cover only them apply in this run. */
  startedBy?: string;
}

/** A new branch (see `Glove.branch`): its first message hangs under `from`; with `text`, that message is the person's. */
export interface BranchOptions extends RequestOptions {
  from: string | null;
  text?: string;
}

export type RequestOutcome = RunOutcome | { status: "queued"; runId: string | null; queued: QueuedMessage };
export type ContinueOutcome = RunOutcome | { status: "busy"; runId: string } | { status: "idle" };
/** `signalled`: the run executes in this process and is stopping. `elsewhere`: another instance runs it; relay the abort there. */
export type AbortOutcome = { status: "aborted" | "signalled" | "elsewhere"; runId: string } | { status: "not_active" };
/**
 * The agent: Glove's builder and runnable in one. Stateless between calls apart from its
 * configuration: everything that must survive lives in the store, so any instance over the
 * same store can continue, answer or abort what another started.
 */
export class Glove {
  private readonly tools = new Map<string, GloveTool>();
  private readonly subscribers = new Set<SubscriberAdapter>();
  private readonly hooks = new Map<string, HookHandler>();
  private readonly skills = new Map<string, DefineSkillArgs>();
  private readonly subagents = new Map<string, DefineSubAgentArgs>();
  /** Runs executing in this process, so `abort` can stop them. */
  private readonly localRuns = new Map<string, AbortController>();
  private currentModel: ModelAdapter;
  /** The last composed system prompt, so a model switched by a hook gets it too. */
  private systemPrompt: string;
  private built = false;
  private readonly deps: RuntimeDeps;
  private readonly controls: AgentControls;

  constructor(private readonly config: GloveConfig) {
    this.currentModel = config.model;
    this.systemPrompt = config.systemPrompt;
    config.model.setSystemPrompt(config.systemPrompt);
    const currentModel = () => this.currentModel;
    const handle: GloveToolHandle = withLiveModel({ fold: (tool: GloveTool) => void this.fold(tool) }, currentModel);
    this.deps = {
      store: config.store,
      observers: config.observers ?? [],
      emit: this.emit,
      now: config.now ?? (() => new Date()),
      newId: config.newId ?? (() => crypto.randomUUID()),
      settings: {
        maxIterations: config.maxIterations ?? 25,
        requestBudget: config.requestBudget ?? DEFAULT_REQUEST_BUDGET,
        contextLimit: config.compaction?.contextLimit,
        compactionInstructions: config.compaction?.instructions ?? DEFAULT_COMPACTION_INSTRUCTIONS,
        permissionPolicy: config.permissionPolicy ?? {},
        slotTtlMs: config.slotTtlMs,
        steeringLimit: config.steeringLimit ?? 10,
        toolResultLimit: config.toolResultLimit ?? DEFAULT_TOOL_RESULT_LIMIT,
      },
      tools: this.tools,
      handle,
      model: currentModel,
      contextNote: this.contextNote,
      inbox: config.inbox ?? {},
      describeFailure: config.describeFailure ?? (() => null),
      meters: new Map(),
    };
    for (const observer of config.observers ?? [])
      if (observer.onEvent) this.subscribers.add({ record: (type, data) => observer.onEvent!(type, data) });
    // Skills invoked by the model have no request in preparation, so there is nothing to compact early.
    this.controls = this.makeControls(async () => {});
  }

  get model(): ModelAdapter {
    return this.currentModel;
  }

  setModel(model: ModelAdapter): this {
    model.setSystemPrompt(this.systemPrompt);
    this.currentModel = model;
    return this;
  }

  /** Registers a tool; legal after `build()` too. A tool with the same name is replaced. */
  fold<I, P, R>(tool: GloveTool<I, P, R>): this {
    this.tools.set(tool.name, tool);
    return this;
  }

  addSubscriber(subscriber: SubscriberAdapter): this {
    this.subscribers.add(subscriber);
    return this;
  }

  removeSubscriber(subscriber: SubscriberAdapter): this {
    this.subscribers.delete(subscriber);
    return this;
  }

  defineHook(name: string, handler: HookHandler): this {
    this.hooks.set(name, handler);
    return this;
  }

  defineSkill(skill: DefineSkillArgs): this {
    this.skills.set(skill.name, skill);
    const anyExposed = [...this.skills.values()].some((candidate) => candidate.exposeToAgent);
    if (anyExposed) this.fold(createInvokeSkillTool(this.skills, this.emit, this.controls));
    else this.tools.delete(INVOKE_SKILL_TOOL_NAME);
    return this;
  }

  defineSubAgent(subagent: DefineSubAgentArgs): this {
    this.subagents.set(subagent.name, subagent);
    this.fold(createInvokeSubagentTool(this.subagents, this.config.store, this.emit, (runId) => this.deps.meters.get(runId)));
    return this;
  }

  /** Adds the built-in task and inbox tools. Required before running. */
  build(): this {
    this.fold(createUpdateTasksTool(this.deps));
    this.fold(createPostToInboxTool(this.deps));
    this.built = true;
    return this;
  }

  /**
   * Handles a user's message. Starts a run unless one is active (running or suspended), in
   * which case the message is queued for the next safe point (`SteeringQueueFullError` when full).
   */
  async processRequest(text: string, options: RequestOptions = {}): Promise<RequestOutcome> {
    this.assertBuilt();
    const { store, newId } = this.deps;
    const runId = options.runId ?? newId();
    const reads = await createRunAndRead(this.deps, {
      id: runId,
      status: "running",
      created_at: this.timestamp(),
      ...(options.startedBy && { started_by: options.startedBy }),
    });
    if (!reads) {
      const queued = await queueMessage(this.deps, text, options.startedBy);
      const active = await store.getActiveRun();
      if (active) return { status: "queued", runId: active.id, queued };
      // The run that refused the start ended before the message was queued, so none of its safe
      // points takes the message: a run of its own does (or, when busy, the run that just began).
      const continued = await this.continueRun({ signal: options.signal });
      if (continued.status === "idle") return { status: "queued", runId: null, queued };
      if (continued.status === "busy") return { status: "queued", runId: continued.runId, queued };
      return continued;
    }
    return this.execute(
      runId,
      "request",
      options.signal,
      options.startedBy,
      (session, queued) => this.beginRequest(session, queued, text, options),
      reads,
    );
  }

  /**
   * Edit and regenerate: starts a run whose messages begin a new branch under `from` (a stored
   * message id; null: before the first message), the leaf moved atomically with the run's start.
   * With `text` the branch begins with that user message (an edit); without, the model answers the
   * path ending at `from` again (a regenerate). Never queues: `busy` while a run is active.
   */
  async branch(options: BranchOptions): Promise<RunOutcome | { status: "busy"; runId: string | null }> {
    this.assertBuilt();
    const runId = options.runId ?? this.deps.newId();
    const run = {
      id: runId,
      status: "running" as const,
      created_at: this.timestamp(),
      ...(options.startedBy && { started_by: options.startedBy }),
    };
    if (!(await createRun(this.deps, run, { leaf: options.from }))) {
      return { status: "busy", runId: (await this.deps.store.getActiveRun())?.id ?? null };
    }
    const { text } = options;
    if (text === undefined) return this.execute(runId, "continuation", options.signal, options.startedBy);
    return this.execute(runId, "request", options.signal, options.startedBy, (session, queued) =>
      this.beginRequest(session, queued, text, options),
    );
  }

  /**
   * Continues the conversation without a new message: after the last card of a suspended run
   * was answered, after a blocking inbox item was resolved, after a run ended with messages
   * still queued, or (`recover`) to take over a run whose process died.
   */
  async continueRun(options: { signal?: AbortSignal; runId?: string; recover?: boolean } = {}): Promise<ContinueOutcome> {
    this.assertBuilt();
    const { store } = this.deps;
    const active = await store.getActiveRun();
    if (active?.status === "running") {
      if (!options.recover || this.localRuns.has(active.id)) return { status: "busy", runId: active.id };
      return this.execute(active.id, "continuation", options.signal, active.started_by);
    }
    if (active?.status === "suspended") {
      const slots = await store.listSlots({ runId: active.id, status: "pending" });
      if (slots.length > 0) return { status: "suspended", runId: active.id, slots };
      if (!(await transitionRun(this.deps, active.id, ["suspended"], "running"))) return { status: "busy", runId: active.id };
      return this.execute(active.id, "continuation", options.signal, active.started_by);
    }
    if (!(await this.hasWork())) return { status: "idle" };
    const runId = options.runId ?? this.deps.newId();
    if (!(await createRun(this.deps, { id: runId, status: "running", created_at: this.timestamp() }))) {
      return { status: "busy", runId: (await store.getActiveRun())?.id ?? runId };
    }
    return this.execute(runId, "continuation", options.signal, undefined);
  }

  /**
   * Makes this (a subagent's) Glove count its usage against the parent request's meter too, and
   * stop at the parent's budget: called by `glove_invoke_subagent` before the child runs.
   */
  chargeTo(parent: RequestMeter): this {
    this.deps.parentMeter = parent;
    return this;
  }

  /** Explicit steering: queue a message for the active run; `sentBy`: the person who sent it. */
  async queueMessage(text: string, sentBy?: string): Promise<QueuedMessage> {
    return queueMessage(this.deps, text, sentBy);
  }

  /** Answers a card: see `resolveSlot` in slot-answer.ts, the one path the server's answers take too. */
  async resolveSlot(slotId: string, value: unknown, options: { answerer?: PermissionAnswerer } = {}): Promise<SlotAnswer> {
    return resolveSlot(this.answerDeps(), slotId, value, options.answerer);
  }

  /** Declines a card: see `rejectSlot` in slot-answer.ts. */
  async rejectSlot(slotId: string, reason = "Declined.", options: { answerer?: PermissionAnswerer } = {}): Promise<SlotAnswer> {
    return rejectSlot(this.answerDeps(), slotId, reason, options.answerer);
  }

  /** Settles overdue cards as expired; call from a job. `continuable` as for `resolveSlot`. */
  async expireSlots(): Promise<{ expired: SlotRecord[]; continuable: boolean }> {
    const { store } = this.deps;
    const expired = await store.expireSlots(this.timestamp());
    for (const slot of expired) await this.emit("slot_resolved", { slot });
    const active = await store.getActiveRun();
    const continuable =
      expired.length > 0 && active?.status === "suspended" && (await store.listSlots({ runId: active.id, status: "pending" })).length === 0;
    return { expired, continuable };
  }

  /** First answer wins, as for cards. `continuable`: a blocking item was answered. */
  async resolveInboxItem(itemId: string, response: string, resolver?: InboxResolver) {
    return resolveInboxItem(this.deps.store, this.emit, itemId, response, this.deps.now(), resolver);
  }

  /**
   * Stops the active run. A suspended run is settled here: its cards dismissed, its open calls
   * given error results. A run executing in this process is signalled and settles itself.
   */
  async abort(request: StopRequest = new StopRequest()): Promise<AbortOutcome> {
    const { store } = this.deps;
    const active = await store.getActiveRun();
    if (!active) return { status: "not_active" };
    const local = this.localRuns.get(active.id);
    if (local) {
      local.abort(request);
      return { status: "signalled", runId: active.id };
    }
    // Claiming the run first keeps a concurrent continuation out.
    if (active.status === "running" || !(await transitionRun(this.deps, active.id, ["suspended"], "running"))) {
      return { status: "elsewhere", runId: active.id };
    }
    const stopped = new AbortController();
    stopped.abort();
    const session = new RunSession(this.deps, active.id, stopped.signal, await store.getMessages());
    await finishAborted(session, new AbortError());
    return { status: "aborted", runId: active.id };
  }

  /** Composes the system prompt for a run about to execute and gives it to the model. */
  private async composePrompt(startedBy: string | undefined) {
    const contributors = this.config.promptContributors ?? [];
    if (contributors.length === 0) return;
    const context = { tools: [...this.tools.values()], now: this.deps.now(), ...(startedBy && { startedBy }) };
    this.systemPrompt = await composeSystemPrompt(this.config.systemPrompt, contributors, context, (error) =>
      (this.config.onSubscriberError ?? reportSubscriberError)(error, "prompt_contributors"),
    );
    this.currentModel.setSystemPrompt(this.systemPrompt);
  }

  /** A failing contributor must not fail the run: reported, and the call goes out without a note. */
  private readonly contextNote = async (): Promise<string | null> => {
    if (!this.config.contextNotes) return null;
    try {
      return await this.config.contextNotes();
    } catch (error) {
      (this.config.onSubscriberError ?? reportSubscriberError)(error, "context_notes");
      return null;
    }
  };

  private readonly emit: Emit = async (eventType, data) => {
    for (const subscriber of this.subscribers) {
      try {
        await subscriber.record(eventType, data);
      } catch (error) {
        (this.config.onSubscriberError ?? reportSubscriberError)(error, eventType);
      }
    }
  };

  private async execute(
    runId: string,
    kind: "request" | "continuation",
    outerSignal: AbortSignal | undefined,
    startedBy: string | undefined,
    prelude?: RequestPrelude,
    reads?: RunStartReads,
  ): Promise<RunOutcome> {
    const controller = new AbortController();
    const forward = () => controller.abort();
    if (outerSignal?.aborted) controller.abort();
    outerSignal?.addEventListener("abort", forward, { once: true });
    this.localRuns.set(runId, controller);
    try {
      await this.composePrompt(startedBy);
      return await runToEnd(this.deps, runId, kind, controller.signal, prelude, reads);
    } finally {
      this.localRuns.delete(runId);
      outerSignal?.removeEventListener("abort", forward);
    }
  }

  /** Stores the user's message (after hooks and skills). Returns false when a hook answered it. */
  private async beginRequest(
    session: RunSession,
    queued: QueuedMessage[],
    text: string,
    files: Pick<RequestOptions, "images" | "attachments">,
  ): Promise<boolean> {
    // A run that died without closing its step must not leave calls without results.
    const interrupted = unfinishedStep(session.history);
    if (interrupted) await closeStep(session, interrupted, "This tool call was interrupted and did not finish.");
    // Messages queued while a finishing run could no longer inject them were sent before this one.
    await injectQueuedMessages(session, queued);

    const parsed = parseTokens(text, { hooks: this.hooks, skills: this.skills });
    let modelText = parsed.replaced;
    const controls = this.makeControls(async () => void (await maybeCompact(session, true)));
    for (const name of parsed.hooks) {
      await this.emit("hook_invoked", { name });
      const result = await this.hooks.get(name)!({ name, rawText: text, parsedText: modelText, controls, signal: session.signal });
      if (result?.rewriteText !== undefined) modelText = result.rewriteText;
      if (result?.shortCircuit) {
        const reply: Message = {
          id: this.deps.newId(),
          sender: "agent",
          text: result.shortCircuit.message,
          created_at: session.timestamp(),
        };
        await session.append(this.userMessage(session, text, modelText, files), reply);
        await this.emit("text_delta", { text: reply.text });
        return false;
      }
    }
    // Before the new message is stored, so a summary never swallows the request it should answer.
    await maybeCompact(session);

    const injected: Message[] = [];
    for (const name of parsed.skills) {
      await this.emit("skill_invoked", { name, source: "user" });
      const content = await this.skills.get(name)!.handler({ name, parsedText: modelText, source: "user", controls });
      injected.push(skillMessage(name, content, this.deps.newId(), session.timestamp()));
    }
    await session.append(...injected, this.userMessage(session, text, modelText, files));
    for (const message of injected) await this.emit("message_injected", { message });
    return true;
  }

  private makeControls(forceCompaction: () => Promise<void>): AgentControls {
    return withLiveModel({ forceCompaction, setModel: (model: ModelAdapter) => void this.setModel(model) }, () => this.currentModel);
  }

  private userMessage(
    session: RunSession,
    rawText: string,
    modelText: string,
    { images, attachments }: { images?: ImagePart[]; attachments?: AttachmentRef[] },
  ): Message {
    return {
      id: this.deps.newId(),
      sender: "user",
      text: modelText,
      ...(modelText !== rawText && { pre_modified_text: rawText }),
      ...(images?.length && { images }),
      ...(attachments?.length && { attachments }),
      created_at: session.timestamp(),
    };
  }

  private async hasWork(): Promise<boolean> {
    const { store } = this.deps;
    const { queued, inbox } = await store.getQueueAndInbox();
    if (queued.length > 0 || inbox.some(awaitsTelling)) return true;
    const history = await store.getMessages();
    return unfinishedStep(history) !== null || awaitsReply(history);
  }

  private answerDeps(): SlotAnswerDeps {
    const { store, emit, now } = this.deps;
    return { store, emit, now, toolFor: (name) => this.tools.get(name) };
  }

  private assertBuilt() {
    if (!this.built) throw new Error("Call build() before running the agent.");
  }

  private timestamp() {
    return this.deps.now().toISOString();
  }
}

/** Adds a `model` getter, so handles given out keep seeing the model after `setModel`. */
function withLiveModel<T extends object>(target: T, current: () => ModelAdapter): T & { readonly model: ModelAdapter } {
  return Object.defineProperty(target, "model", { get: current, enumerable: true }) as T & { readonly model: ModelAdapter };
}

function reportSubscriberError(error: unknown, source: AgentErrorSource) {
  console.error(`A subscriber failed on "${source}"; the run continues.`, error);
}
