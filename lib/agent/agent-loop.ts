import { completeRunUnlessWork, transitionRun } from "./run-observer";
import { maybeCompact } from "./compaction";
import { AbortError, userFacingMessage } from "./errors";
import { awaitsReply, isToolResults, unfinishedStep } from "./history";
import { injectResolvedInbox } from "./inbox";
import type { Message } from "./messages";
import { ModelAbortedError } from "./model-call";
import { modelStep } from "./model-step";
import { RunSession, type RuntimeDeps } from "./run-session";
import { closeStep, settleStep } from "./step-runner";
import { injectQueuedMessages } from "./steering";
import { shownCharsOf } from "./stop-request";
import type { InboxItem, QueuedMessage, RunEnd, RunStartReads, RunStatus, SlotRecord } from "./store-adapter";

export type RunOutcome =
  /**
   * `nothingLeft`: the run's end found nothing queued and no blocking inbox item pending, so no
   * message or answer can be waiting for a next run (lib/server/runs/launch.ts drainQueue).
   */
  | { status: "completed"; runId: string; reply: Message | null; nothingLeft: boolean }
  | { status: "suspended"; runId: string; slots: SlotRecord[] }
  | { status: "aborted"; runId: string }
  /** `error` is for people; `cause` is the original error, for logs. */
  | { status: "failed"; runId: string; error: string; cause: unknown };

/** `ended`: the store already completed the run at its last safe point (completeRunUnlessWork). */
type LoopEnd = { kind: "completed"; ended?: Exclude<RunEnd, { kind: "work" }> } | { kind: "suspended" };

const throwIfAborted = (signal: AbortSignal) => {
  if (signal.aborted) throw new AbortError();
};

/** What a safe point reads: the steering queue and the inbox. */
type SafePointReads = [QueuedMessage[], InboxItem[]];

const safePointReads = ({ queued, inbox }: { queued: QueuedMessage[]; inbox: InboxItem[] }): SafePointReads => [queued, inbox];

/**
 * The loop: finish the open step's tool calls, inject what arrived meanwhile (steering messages,
 * inbox answers), ask the model, repeat until it answers without tool calls. `firstReads`: what
 * the first safe point uses instead of reading (a new request read both when it started).
 */
async function driveRun(session: RunSession, firstReads?: SafePointReads): Promise<LoopEnd> {
  let prefetched = firstReads;
  // The reply the model just gave: its calls have fresh ids (model-step.ts), so no stored state.
  let freshReply: Message | null = null;
  for (;;) {
    const step = unfinishedStep(session.history);
    if (step) {
      const outcome = await settleStep(session, step, { fresh: step === freshReply });
      throwIfAborted(session.signal);
      if (outcome.kind === "suspended") return outcome;
    }
    throwIfAborted(session.signal);
    // Safe point: every tool call has its result, the next model call has not started. The queue
    // and the inbox are read side by side; one read of the inbox serves the injection and the
    // model call's reminder of pending items. When nothing awaits the model's reply this is the
    // run's last safe point unless the read finds work, so the read completes the run when it finds none.
    let reads = prefetched;
    prefetched = undefined;
    if (!reads && !awaitsReply(session.history)) {
      const end = await completeRunUnlessWork(session);
      if (end.kind !== "work") return { kind: "completed", ended: end };
      reads = safePointReads(end);
    }
    const [queued, inbox] = reads ?? safePointReads(await session.deps.store.getQueueAndInbox());
    const steered = await injectQueuedMessages(session, queued);
    const answered = await injectResolvedInbox(session, inbox);
    if (!steered && !answered && !awaitsReply(session.history)) return { kind: "completed" };
    // Past the budget the next call is the summary, over the context as it is: compacting first would spend a call more.
    if (isToolResults(session.history.at(-1)) && !session.meter.exceeded()) await maybeCompact(session);
    freshReply = await modelStep(session, inbox);
  }
}

/** Prepares a new request, given the steering queue as read when the run started; false when the request is already answered. */
export type RequestPrelude = (session: RunSession, queued: QueuedMessage[]) => Promise<boolean>;

/** Runs an already created (and claimed) run to its end: completed, suspended, aborted or failed. */
export async function runToEnd(
  deps: RuntimeDeps,
  runId: string,
  kind: "request" | "continuation",
  signal: AbortSignal,
  prelude?: RequestPrelude,
  reads?: RunStartReads,
): Promise<RunOutcome> {
  const { store, emit } = deps;
  await emit("run_started", { run_id: runId, kind });
  // A request reads the queue (injected before its message is stored) and the inbox (for its first
  // model call) side by side with the history, or has them from its run's start (`reads`); its
  // first safe point then has nothing new to read. The run's usage so far: a continuation counts on
  // from what the request spent before its wait; a request's run was created just now and has spent nothing.
  const [history, { queued, inbox }, run] = reads
    ? [reads.history, reads, null]
    : await Promise.all([
        store.getMessages(),
        prelude ? store.getQueueAndInbox() : { queued: [], inbox: [] },
        kind === "continuation" ? store.getRun(runId) : null,
      ]);
  const session = new RunSession(deps, runId, signal, history, {
    model_steps: run?.model_steps ?? 0,
    effective_tokens: run?.effective_tokens ?? 0,
  });
  let firstReads: SafePointReads | undefined = prelude ? [[], inbox] : undefined;
  deps.meters.set(runId, session.meter);
  try {
    if (prelude && !(await prelude(session, queued))) return await complete(session);
    for (;;) {
      const end = await driveRun(session, firstReads);
      firstReads = undefined;
      if (end.kind === "completed") return await complete(session, end.ended);
      await transitionRun(deps, runId, ["running"], "suspended");
      const slots = await store.listSlots({ runId, status: "pending" });
      await emit("run_suspended", { run_id: runId, slot_ids: slots.map((slot) => slot.id) });
      // The last wait may have been answered before the run was marked suspended, when the
      // resolver could not claim it yet: nobody else will continue it, so take it back.
      if (slots.length > 0 || !(await transitionRun(deps, runId, ["suspended"], "running"))) {
        return { status: "suspended", runId, slots };
      }
      await emit("run_started", { run_id: runId, kind: "continuation" });
    }
  } catch (error) {
    if (signal.aborted || error instanceof AbortError) return finishAborted(session, error);
    return finishFailed(session, error);
  } finally {
    deps.meters.delete(runId);
  }
}

/** `ended`: how the store completed the run, when it did at the last safe point; else it is completed here. */
async function complete(session: RunSession, ended?: Exclude<RunEnd, { kind: "work" }>): Promise<RunOutcome> {
  if (!ended) {
    await session.append();
    await transitionRun(session.deps, session.runId, ["running"], "completed");
  }
  await session.deps.emit("run_completed", { run_id: session.runId });
  const last = session.history.at(-1);
  const nothingLeft = ended?.kind === "completed" && !ended.awaitingInbox;
  return { status: "completed", runId: session.runId, reply: last?.sender === "agent" ? last : null, nothingLeft };
}

/**
 * Keeps what the user already saw streaming (the text deltas emitted, cut to what the person's
 * view showed when they pressed Stop: stop-request.ts), marked as stopped, closes open calls,
 * dismisses the run's cards.
 */
export async function finishAborted(session: RunSession, error: unknown): Promise<RunOutcome> {
  const streamed = error instanceof ModelAbortedError ? error.partialText : "";
  const partial = streamed.slice(0, shownCharsOf(session.signal) ?? streamed.length).trim();
  if (partial && !unfinishedStep(session.history)) {
    await session.append({ id: session.deps.newId(), sender: "agent", text: partial, stopped: true, created_at: session.timestamp() });
  }
  await settleAbandonedRun(session, "Stopped by the user before this tool finished.", "aborted");
  await session.deps.emit("run_aborted", { run_id: session.runId });
  return { status: "aborted", runId: session.runId };
}

/** A failed run's words when the store failed too, so the run is not even marked failed yet (the host settles it once the store is back). */
export const RUN_NOT_SAVED_MESSAGE =
  "The database was unavailable, so this answer could not be saved. Wait a moment, then retry the last message.";

async function finishFailed(session: RunSession, cause: unknown): Promise<RunOutcome> {
  let error = session.deps.describeFailure(cause) ?? userFacingMessage(cause);
  try {
    await settleAbandonedRun(session, `The run failed before this tool finished: ${error}`, "failed", error);
  } catch (storeError) {
    // The store itself is failing. When the host knows why (its database is away), say so, whatever failed
    // first; any other store failure keeps the run's own words. The next request closes the open step (see Glove.processRequest).
    if (session.deps.describeFailure(storeError) !== null) error = RUN_NOT_SAVED_MESSAGE;
  }
  await session.deps.emit("run_failed", { run_id: session.runId, message: error });
  return { status: "failed", runId: session.runId, error, cause };
}

async function settleAbandonedRun(session: RunSession, reason: string, status: RunStatus, error?: string) {
  const { store, emit } = session.deps;
  // A reply the model finished before the stop or failure is kept (the run's end would have stored it).
  await session.append();
  const step = unfinishedStep(session.history);
  if (step) await closeStep(session, step, reason);
  for (const slot of await store.dismissPendingSlots(session.runId, session.timestamp())) await emit("slot_resolved", { slot });
  await transitionRun(session.deps, session.runId, ["running", "suspended"], status, error);
}
