import { Glove, type StoreAdapter } from "@/lib/agent";
import { prisma } from "@/lib/db/client";
import { recordDemoEmail } from "@/lib/db/demo-mailbox";
import { serverEnv } from "@/lib/server/env";
import { PostgresStore } from "@/lib/db/postgres-store";
import type { TenantContext } from "@/lib/db/tenant-context";
import type { TurnStart } from "@/lib/db/turn-start";
import { conversationRecorder } from "@/lib/server/events/conversation-recorder";
import type { RunEventRecorder } from "@/lib/server/events/run-event-recorder";
import { logger } from "@/lib/server/logger";
import { LeaseKeeper } from "@/lib/server/runs/lease-keeper";
import { settleAll } from "@/lib/server/settle-all";
import { createBuiltinTools } from "@/lib/tools/server";
import { observeStore } from "./observed-store";
import { agentSettingsFrom, buildTenantModel, checkModelUrls, loadAgentSettings } from "./settings";

/** A tenant's agent over one conversation, wired to the server: events recorded, runs leased. */
export interface ConversationAgent {
  glove: Glove;
  store: StoreAdapter;
  recorder: RunEventRecorder;
  /** Pass to every run this agent executes: aborting it stops them (lost lease, an abort relayed from another instance). */
  signal: AbortSignal;
  stopExecution(): void;
  /** Called with the run id whenever a run of this agent becomes `running` in this process. */
  onRunning(listener: (runId: string) => void): () => void;
  /** Stops heartbeats and writes buffered events; call when the agent's work is done. */
  dispose(): Promise<void>;
}

/**
 * Builds the agent from the tenant's settings: system prompt, model (the tenant's key or the
 * server's, else the demo model), the enabled built-in tools, permission policy and card expiry.
 * Cheap enough to do per request: the agent holds nothing between requests.
 *
 * `checkModelUrls`: for a person's request that makes the model answer (a message, a retry, a
 * card answer): a base URL the SSRF guard refuses is then a 422 before anything is stored.
 * Stopping a run or deleting a conversation never needs the model, so never fails on its URL.
 * `preloaded`: the settings and store id a message's one opening read brought (lib/db/turn-start.ts).
 */
export async function buildConversationAgent(
  tenant: Pick<TenantContext, "organizationId">,
  conversationId: string,
  options: { checkModelUrls?: boolean; preloaded?: Pick<TurnStart, "settings" | "storeId"> } = {},
): Promise<ConversationAgent> {
  const scope = { organizationId: tenant.organizationId, conversationId };
  const { preloaded } = options;
  // The settings and model, and the store, side by side: neither needs the other.
  const [{ settings, model }, openedStore] = await settleAll([
    (preloaded ? Promise.resolve(agentSettingsFrom(tenant, preloaded.settings)) : loadAgentSettings(tenant)).then(async (settings) => {
      if (options.checkModelUrls) await checkModelUrls(settings);
      return { settings, ...buildTenantModel(settings, serverEnv(), { urlsChecked: options.checkModelUrls }) };
    }),
    preloaded?.storeId ? Promise.resolve(PostgresStore.ofKnownStore(prisma, scope, preloaded.storeId)) : PostgresStore.open(prisma, scope),
  ] as const);
  const recorder = conversationRecorder(tenant, conversationId);
  const runningListeners = new Set<(runId: string) => void>();
  const execution = new AbortController();
  const leases = new LeaseKeeper(tenant, conversationId, (runId) => {
    logger.warn("this instance lost the lease of a run it executes; stopping it", { conversationId, runId });
    execution.abort();
  });

  const store = observeStore(openedStore, {
    async onRunning(runId) {
      leases.hold(runId);
      for (const listener of runningListeners) listener(runId);
    },
    onStopping: (runId) => leases.release(runId),
    async onUserMessage(message) {
      // Images stay out of the event (up to 16 MB of base64); the snapshot has them.
      const { images, ...rest } = message;
      void recorder.recordServerEvent("user_message", { message: { ...rest, ...(images?.length && { image_count: images.length }) } }).catch(() => {});
    },
  });

  const glove = new Glove({
    store,
    model,
    systemPrompt: settings.systemPrompt,
    permissionPolicy: settings.permissionPolicy,
    ...(settings.slotTtlMinutes !== null && { slotTtlMs: settings.slotTtlMinutes * 60_000 }),
    onSubscriberError: (error, eventType) => logger.error("a run event subscriber failed", { conversationId, eventType, error }),
  });
  const mailbox = {
    record: (email: { to: string; subject: string; body: string; toolCallId: string }) => recordDemoEmail(tenant, { conversationId, ...email }),
  };
  for (const tool of createBuiltinTools({ mailbox })) if (settings.enabledTools.includes(tool.name)) glove.fold(tool);
  // The run never waits for its events to be stored: the recorder keeps their order, reports a
  // failed write itself (onError), and dispose() waits for all of them before the run's stream ends.
  glove
    .addSubscriber({
      record: (type, data) => {
        void Promise.resolve(recorder.record(type, data)).catch(() => {});
      },
    })
    .build();

  return {
    glove,
    store,
    recorder,
    signal: execution.signal,
    stopExecution: () => execution.abort(),
    onRunning(listener) {
      runningListeners.add(listener);
      return () => runningListeners.delete(listener);
    },
    async dispose() {
      leases.releaseAll();
      await recorder.flush();
    },
  };
}
