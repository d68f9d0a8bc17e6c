import { randomUUID } from "node:crypto";
import type { ConversationAgent } from "@/lib/server/agent/conversation-agent";
import type { RecordedAgent } from "./open-turn";
import { logger } from "@/lib/server/logger";
import { track, type LocalExecution } from "./local-executions";
import { RUN_NOT_SAVED_MESSAGE } from "@/lib/agent/agent-loop";
import { awaitsTelling } from "@/lib/agent/store-adapter";
import { PostgresStore } from "@/lib/db/postgres-store";
import { isDatabaseUnavailable } from "@/lib/server/database-unavailable";
import { settleWhenDatabaseIsBack } from "./settle-when-back";
import type { Admission } from "@/lib/server/billing/admission";

export type Launched<T> =
  /** A run became `running`: it goes on detached from the request; `done` settles when the agent's work is over. */
  | { kind: "running"; runId: string; done: Promise<void> }
  /** The work ended without running anything (a queued message, nothing to continue). */
  | { kind: "settled"; outcome: T };

/**
 * Starts the agent's work without tying it to the request: a client that disconnects never stops
 * a run. Resolves as soon as it is known whether a run started, so the route can answer with an
 * error (429: queue full), a plain answer, or a stream. `after` runs once the work is done,
 * still detached (e.g. the next run for messages queued too late for this one). `admission` (the
 * run's place under the plan's limits, admission.ts) is released when the work is over, whatever its end.
 */
export async function launch<T>(
  conversationId: string,
  agent: RecordedAgent,
  work: (signal: AbortSignal) => Promise<T>,
  after?: (outcome: T) => Promise<unknown>,
  admission?: Admission,
): Promise<Launched<T>> {
  let admitted = false;
  let announceRun!: (runId: string) => void;
  const running = new Promise<string>((resolve) => (announceRun = resolve));
  const execution: LocalExecution = { conversationId, agent, runIds: new Set(), done: Promise.resolve() };
  const stopListening = agent.onRunning((runId) => {
    execution.runIds.add(runId);
    announceRun(runId);
  });

  const outcome = work(agent.signal);
  execution.done = outcome
    .then((result) => {
      settleIfUnsaved(conversationId, agent, result);
      return after?.(result);
    })
    .then(
      () => undefined,
      (error) => {
        // Before admission the error is the route's to answer (e.g. 429); after it, nobody waits for it.
        if (admitted) logger.error("a detached run ended with an error", { conversationId, error });
        if (admitted && isDatabaseUnavailable(error))
          for (const runId of execution.runIds)
            settleIfUnsaved(conversationId, agent, { status: "failed", runId, error: RUN_NOT_SAVED_MESSAGE });
      },
    )
    .finally(async () => {
      stopListening();
      // The hold goes once the run's last token events are stored (else a parallel admission sees
      // neither), in their statement when one is still to be written. A hold left behind only
      // delays the next edge run until it expires. Then the agent is disposed of (nothing left to write).
      await (admission?.releaseWith((holds) => agent.recorder.flushReleasing(holds)) ?? Promise.resolve())
        .catch((error: unknown) => logger.error("a usage hold was not released", { conversationId, error }))
        .finally(() => agent.dispose());
    });
  track(execution);

  const first = await Promise.race([
    running.then((runId) => ({ kind: "running" as const, runId })),
    outcome.then((result) => ({ kind: "settled" as const, outcome: result })),
  ]).catch(async (error) => {
    await execution.done;
    throw error;
  });
  if (first.kind === "running") {
    admitted = true;
    return { ...first, done: execution.done };
  }
  await execution.done;
  return first;
}

/**
 * A run that failed because the database was away is still active in it: settle it as soon as
 * the database is back, detached (settle-when-back.ts). Only a Postgres-backed agent can be opened again.
 */
function settleIfUnsaved(conversationId: string, agent: ConversationAgent, result: unknown) {
  const outcome = result as { status?: unknown; runId?: unknown; error?: unknown };
  if (outcome.status !== "failed" || outcome.error !== RUN_NOT_SAVED_MESSAGE || typeof outcome.runId !== "string") return;
  if (!(agent.store instanceof PostgresStore)) return;
  const scope = { organizationId: agent.store.organizationId, conversationId };
  void settleWhenDatabaseIsBack(scope, outcome.runId, { message: RUN_NOT_SAVED_MESSAGE, announce: false });
}

/** Continues the conversation's run (after a card answer, a retry, an expired card), detached, as `launch` does. */
export function launchContinuation(conversationId: string, agent: RecordedAgent, admission?: Admission) {
  return launch(
    conversationId,
    agent,
    (signal) => agent.glove.continueRun({ signal, runId: randomUUID() }),
    (outcome) => drainQueue(agent, outcome),
    admission,
  );
}

/**
 * Blocking inbox items settled while a run ended (their continuation found it busy), and messages
 * queued before the end of a run that ended without the store's last look (a short-circuited
 * request), wait for the next run: start it, while runs complete. A run whose end saw nothing
 * that could be left (`nothingLeft`: completeRunUnlessWork) needs no look.
 */
export async function drainQueue(agent: ConversationAgent, outcome: { status: string; nothingLeft?: boolean }): Promise<void> {
  let last = outcome;
  while (last.status === "completed" && !last.nothingLeft && (await hasLeftoverWork(agent))) {
    last = await agent.glove.continueRun({ signal: agent.signal });
  }
}

async function hasLeftoverWork(agent: ConversationAgent): Promise<boolean> {
  const { queued, inbox } = await agent.store.getQueueAndInbox();
  return queued.length > 0 || inbox.some((item) => item.blocking && awaitsTelling(item));
}
