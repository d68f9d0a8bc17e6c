import type { AgentEventData, AgentEventType } from "./events";
import type { Message } from "./messages";
import type { RunSession } from "./run-session";
import type { BranchStart, RunEnd, RunRecord, RunStartReads, RunStatus, StoreAdapter } from "./store-adapter";

/**
 * What the world outside the loop may watch of it: its events, and the few writes a server must
 * react to (a lease per running run, the `user_message` other tabs draw). Every hook is optional.
 */
export interface RunObserver {
  /** Every event, in emit order. A throw is reported (`onSubscriberError`) and the run goes on. */
  onEvent?<T extends AgentEventType>(eventType: T, data: AgentEventData<T>): Promise<void> | void;
  /** A run of this agent became `running` here (created, or continued after its cards were answered). */
  onRunning?(runId: string): Promise<void> | void;
  /**
   * A run is about to leave `running` (suspended, completed, failed, aborted). Called before the
   * status change, so a lease heartbeat in flight cannot mistake the run's own ending for a lost
   * lease; if the change does not happen, the run was not running here anyway.
   */
  onStopping?(runId: string): void;
  /** A message a person typed was stored (not steering, a skill, an inbox injection or a summary). */
  onUserMessage?(message: Message): Promise<void> | void;
}

interface Observed {
  store: StoreAdapter;
  observers: readonly RunObserver[];
}

/** `store.createRun`, told to the observers when it took. */
export async function createRun(deps: Observed, run: RunRecord, branch?: BranchStart): Promise<boolean> {
  const created = await deps.store.createRun(run, branch);
  if (created) await tellRunning(deps, run.id);
  return created;
}

/** `store.createRunAndRead`, told to the observers when it took. */
export async function createRunAndRead(deps: Observed, run: RunRecord): Promise<RunStartReads | null> {
  const reads = await deps.store.createRunAndRead(run);
  if (reads) await tellRunning(deps, run.id);
  return reads;
}

async function tellRunning(deps: Observed, runId: string) {
  for (const observer of deps.observers) await observer.onRunning?.(runId);
}

/** `store.transitionRun`, told to the observers: before leaving `running`, after entering it. */
export async function transitionRun(deps: Observed, runId: string, from: RunStatus[], to: RunStatus, error?: string): Promise<boolean> {
  if (to !== "running") for (const observer of deps.observers) observer.onStopping?.(runId);
  const moved = await deps.store.transitionRun(runId, from, to, error);
  if (moved && to === "running") await tellRunning(deps, runId);
  return moved;
}

/**
 * `store.completeRunUnlessWork` with the session's staged reply, told to the observers as a
 * transition to `completed`: stopping before it; running again when work kept the run going.
 */
export async function completeRunUnlessWork(session: RunSession): Promise<RunEnd> {
  const { deps, runId } = session;
  for (const observer of deps.observers) observer.onStopping?.(runId);
  const end = await session.storeStagedWith((messages) => deps.store.completeRunUnlessWork(runId, messages));
  if (end.kind === "work") await tellRunning(deps, runId);
  return end;
}

/** After `session.append` stored `messages`: the typed user messages among them, to the observers. */
export async function announceAppended(session: Pick<RunSession, "deps">, messages: Message[]): Promise<void> {
  for (const message of messages)
    if (isTypedUserMessage(message)) for (const observer of session.deps.observers) await observer.onUserMessage?.(message);
}

const isTypedUserMessage = (message: Message) =>
  message.sender === "user" &&
  !message.tool_results?.length &&
  !message.is_steering &&
  !message.is_skill_injection &&
  !message.is_inbox_injection &&
  !message.is_compaction;
