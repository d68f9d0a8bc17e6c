// What the outage tests share: the server's controls, on the data directory global-setup.ts started.
import { describeDatabaseFailure } from "@/lib/server/database-unavailable";
import { randomUUID } from "node:crypto";
import { inject } from "vitest";
import { Glove, type ModelAdapter } from "@/lib/agent";
import type { RunObserver } from "@/lib/agent/run-observer";
import { prisma } from "@/lib/db/client";
import { PostgresStore } from "@/lib/db/postgres-store";
import type { TenantContext } from "@/lib/db/tenant-context";
import type { RecordedAgent } from "@/lib/server/runs/open-turn";
import { conversationRecorder } from "@/lib/server/events/conversation-recorder";
import { launch } from "@/lib/server/runs/launch";
import { restartPostgres, startPostgres, stopPostgres, type ShutdownMode } from "@/tooling/db/pg-ctl";

export const database = {
  restart: (mode: ShutdownMode = "fast") => restartPostgres(inject("postgresDataDir"), mode),
  stop: (mode: ShutdownMode = "immediate") => stopPostgres(inject("postgresDataDir"), mode),
  start: () => startPostgres(inject("postgresDataDir")),
};

/**
 * A conversation's agent as the server wires it (PostgresStore, the conversation recorder, launch's
 * `onRunning`), with a model of the test's own instead of the tenant's.
 */
export async function agentWith(tenant: Pick<TenantContext, "organizationId">, conversationId: string, model: ModelAdapter) {
  const store = await PostgresStore.open(prisma, { organizationId: tenant.organizationId, conversationId });
  const recorder = conversationRecorder(tenant, conversationId, 10);
  const running = new Set<(runId: string) => void>();
  const observer: RunObserver = {
    onRunning: (runId) => running.forEach((listener) => listener(runId)),
    onEvent: (type, data) => void Promise.resolve(recorder.record(type, data)).catch(() => {}),
  };
  // As conversation-agent.ts wires it: the host names a database outage.
  const glove = new Glove({ store, model, systemPrompt: "", observers: [observer], describeFailure: describeDatabaseFailure }).build();
  const execution = new AbortController();
  const agent: RecordedAgent = {
    recorder,
    glove,
    store,
    signal: execution.signal,
    stopExecution: () => execution.abort(),
    onRunning: (listener) => (running.add(listener), () => running.delete(listener)),
    dispose: () => recorder.flush(),
  };
  return { agent, glove, store };
}

/** Starts a request detached, as a message does; the run's id and when it is done. */
export async function launchRequest(conversationId: string, agent: RecordedAgent, text: string) {
  const launched = await launch(conversationId, agent, (signal) => agent.glove.processRequest(text, { signal, runId: randomUUID() }));
  if (launched.kind !== "running") throw new Error(`The request did not start a run: ${JSON.stringify(launched.outcome)}`);
  return launched;
}
