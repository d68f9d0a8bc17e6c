import {
  dateContributor,
  Glove,
  organizationContributor,
  personContributor,
  toolsContributor,
  type GloveTool,
  type PromptContributor,
  type RunObserver,
  type StoreAdapter,
} from "@/lib/agent";
import { prisma } from "@/lib/db/client";
import { recordDemoEmail } from "@/lib/db/demo-mailbox";
import { readPromptFacts, type PromptFacts } from "@/lib/db/prompt-facts";
import { serverEnv } from "@/lib/server/env";
import { PostgresStore } from "@/lib/db/postgres-store";
import type { TenantContext } from "@/lib/db/tenant-context";
import type { TeamTools, TurnStart } from "@/lib/db/turn-start";
import { conversationBytes } from "@/lib/server/attachments/blob-store";
import { withAttachmentContent } from "@/lib/server/attachments/model-content";
import { loadHttpGloveTools } from "@/lib/server/http-tools/agent-tools";
import { describeDatabaseFailure } from "@/lib/server/database-unavailable";
import { agentInbox } from "@/lib/server/inbox/agent-inbox";
import { logger } from "@/lib/server/logger";
import { LeaseKeeper } from "@/lib/server/runs/lease-keeper";
import { settleAll } from "@/lib/server/settle-all";
import type { FormView } from "@/lib/forms";
import { activeFormsLine, openFormRuntime } from "@/lib/server/forms/runtime";
import { createFormTools } from "@/lib/tools/forms/server";
import { createBuiltinTools } from "@/lib/tools/server";
import { connectorTools } from "@/lib/server/connectors/agent-tools";
import { openConnectorCatalog } from "@/lib/server/connectors/catalog";
import { readConversationModel } from "@/lib/db/conversation-model";
import { withConversationModel } from "./conversation-model";
import { agentSettingsFrom, buildTenantModel, checkModelUrls, loadAgentSettings, type TenantAgentConfig } from "./settings";

/**
 * What an opening read already brought: the settings and store (lib/db/turn-start.ts, or the settings a
 * card answer read), the prompt's facts about the person who wrote (`ctx.userId`), the team's own tools.
 */
export type Preloaded = Partial<Pick<TurnStart, "settings" | "storeId" | "modelName" | "teamTools">> & {
  agentSettings?: TenantAgentConfig;
  starterFacts?: { userId: string; facts: PromptFacts };
};

/** A run observer of the server: `onDone` once the agent's work is over (write what is buffered). */
export interface ConversationObserver extends RunObserver {
  onDone?(): Promise<void>;
}

/** A tenant's agent over one conversation, wired to the server: runs leased, observed by the caller's observers. */
export interface ConversationAgent {
  glove: Glove;
  store: StoreAdapter;
  /** Pass to every run this agent executes: aborting it stops them (lost lease, an abort relayed from another instance). */
  signal: AbortSignal;
  stopExecution(): void;
  /** Called with the run id whenever a run of this agent becomes `running` in this process. */
  onRunning(listener: (runId: string) => void): () => void;
  /** Stops heartbeats and ends the observers (events written); call when the agent's work is done. */
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
 * `preloaded`: the settings and store id a message's one opening read brought (lib/db/turn-start.ts),
 * or the settings a card answer read already. `observers`: the event recorder, and whatever else
 * watches the runs (called in this order).
 */
export async function buildConversationAgent(
  tenant: Pick<TenantContext, "organizationId">,
  conversationId: string,
  options: {
    observers: readonly ConversationObserver[];
    checkModelUrls?: boolean;
    preloaded?: Preloaded;
  },
): Promise<ConversationAgent> {
  const scope = { organizationId: tenant.organizationId, conversationId };
  const { preloaded, observers } = options;
  const knownSettings =
    preloaded?.agentSettings ?? (preloaded?.settings !== undefined ? agentSettingsFrom(tenant, preloaded.settings) : null);
  // The settings and model, and the store, side by side: neither needs the other.
  // The conversation's chosen model: from the opening read when it brought it, else read beside the settings.
  const chosenModel =
    preloaded?.modelName !== undefined ? Promise.resolve(preloaded.modelName) : readConversationModel(tenant, conversationId);
  const [{ settings, model }, store] = await settleAll([
    settleAll([knownSettings ? Promise.resolve(knownSettings) : loadAgentSettings(tenant), chosenModel] as const).then(
      async ([agent, chosen]) => {
        const settings = withConversationModel(agent, chosen ?? null);
        if (options.checkModelUrls) await checkModelUrls(settings);
        return { settings, ...buildTenantModel(settings, serverEnv(), { urlsChecked: options.checkModelUrls }) };
      },
    ),
    preloaded?.storeId ? Promise.resolve(PostgresStore.ofKnownStore(prisma, scope, preloaded.storeId)) : PostgresStore.open(prisma, scope),
  ] as const);
  const runningListeners = new Set<(runId: string) => void>();
  const execution = new AbortController();
  const leases = new LeaseKeeper(tenant, conversationId, (runId) => {
    logger.warn("this instance lost the lease of a run it executes; stopping it", { conversationId, runId });
    execution.abort();
  });

  const leasing: RunObserver = {
    onRunning(runId) {
      leases.hold(runId);
      for (const listener of runningListeners) listener(runId);
    },
    onStopping: (runId) => leases.release(runId),
  };

  const forms = formsOf(tenant, conversationId, settings, async (view) => {
    for (const observer of observers) await observer.onEvent?.("form_updated", { instance_id: view.instanceId, view });
  });
  const glove = new Glove({
    store,
    observers: [leasing, ...observers],
    // Messages keep their files by id; each model call is given the contents.
    model: withAttachmentContent(model, conversationBytes(tenant.organizationId, conversationId)),
    systemPrompt: settings.systemPrompt,
    promptContributors: promptContributors(tenant, preloaded?.starterFacts),
    permissionPolicy: settings.permissionPolicy,
    ...(settings.slotTtlMinutes !== null && { slotTtlMs: settings.slotTtlMinutes * 60_000 }),
    ...(settings.requestTokenBudget !== null && { requestBudget: settings.requestTokenBudget }),
    onSubscriberError: (error, eventType) => logger.error("a run event subscriber failed", { conversationId, eventType, error }),
    ...(forms && { contextNotes: forms.contextNote }),
    inbox: agentInbox(tenant),
    describeFailure: describeDatabaseFailure,
  });
  for (const tool of await enabledTools(tenant, conversationId, settings, forms, preloaded?.teamTools)) glove.fold(tool);
  glove.build();

  return {
    glove,
    store,
    signal: execution.signal,
    stopExecution: () => execution.abort(),
    onRunning(listener) {
      runningListeners.add(listener);
      return () => runningListeners.delete(listener);
    },
    async dispose() {
      leases.releaseAll();
      for (const observer of observers) await observer.onDone?.();
    },
  };
}

/**
 * The system prompt's parts after the tenant's own: the enabled tools, today's date (UTC: organizations
 * have no time zone setting yet), the organization and the person who started the run. The organization
 * and the person come from one read, made when a run starts and shared by both contributors.
 */
function promptContributors(
  tenant: Pick<TenantContext, "organizationId">,
  known?: { userId: string; facts: PromptFacts },
): PromptContributor[] {
  const reads = new Map<string, Promise<PromptFacts>>(known ? [[known.userId, Promise.resolve(known.facts)]] : []);
  const facts = (userId: string | undefined) => {
    const key = userId ?? "";
    if (!reads.has(key)) reads.set(key, readPromptFacts(tenant, userId));
    return reads.get(key)!;
  };
  return [
    toolsContributor,
    dateContributor("UTC"),
    organizationContributor(async ({ startedBy }) => (await facts(startedBy)).organizationName),
    personContributor(async (userId) => (await facts(userId)).person),
  ];
}

/** The agent's forms: the form tools and the tier-0 note, over one runtime opened on first use (a turn without forms never reads them). */
interface AgentForms {
  tools: GloveTool[];
  contextNote: () => Promise<string | null>;
}

function formsOf(
  tenant: Pick<TenantContext, "organizationId">,
  conversationId: string,
  settings: TenantAgentConfig,
  recordUpdate: (view: FormView) => Promise<void>,
): AgentForms | null {
  if (settings.enabledForms.length === 0) return null;
  let opened: ReturnType<typeof openFormRuntime> | null = null;
  const runner = async () => (await (opened ??= openFormRuntime(tenant, conversationId, settings.enabledForms))).runner;
  return {
    tools: createFormTools({ runner, recordUpdate }),
    // Transient: appended to each model call while a form is open, never stored, so it is always the
    // current state; read from the instance rows alone, so a turn without form tools loads no definition.
    contextNote: () => activeFormsLine(tenant, conversationId),
  };
}

/**
 * The tenant's enabled built-in tools for one conversation, the form tools when forms are
 * enabled (a card answer needs them for their schemas only, so it passes no forms: then the form
 * tools are built without a recorder, never to run), and the organization's own tools: its HTTP
 * tools and its connectors' enabled tools (a card answer needs those too: the reconnect card's answer schema),
 * each read only when `teamTools` (from the opening read) does not say there are none.
 */
export async function enabledTools(
  tenant: Pick<TenantContext, "organizationId">,
  conversationId: string,
  settings: TenantAgentConfig,
  forms: AgentForms | null = formsOf(tenant, conversationId, settings, async () => {}),
  teamTools: TeamTools = { http: true, connectors: true },
): Promise<GloveTool[]> {
  const mailbox = {
    record: (email: { to: string; subject: string; body: string; toolCallId: string }) =>
      recordDemoEmail(tenant, { conversationId, ...email }),
  };
  const builtin = createBuiltinTools({ mailbox }).filter((tool) => settings.enabledTools.includes(tool.name)) as GloveTool[];
  // The team's own tools: defined HTTP tools and the enabled tools of its MCP connectors, read side by side.
  const [http, connectors] = await settleAll([
    teamTools.http ? loadHttpGloveTools(tenant) : Promise.resolve([]),
    teamTools.connectors ? connectorTools(openConnectorCatalog(tenant)) : Promise.resolve([]),
  ] as const);
  return [...builtin, ...(forms?.tools ?? []), ...http, ...connectors];
}
