import type { TenantContext } from "@/lib/db/tenant-context";
import type { TurnStart } from "@/lib/db/turn-start";
import {
  buildConversationAgent,
  type ConversationAgent,
  type ConversationObserver,
  type Preloaded,
} from "@/lib/server/agent/conversation-agent";
import { billingMode } from "@/lib/server/billing/mode";
import { checkUsageThresholds } from "@/lib/server/billing/thresholds";
import { conversationRecorder } from "@/lib/server/events/conversation-recorder";
import type { RunEventRecorder } from "@/lib/server/events/run-event-recorder";
import { textFlushIntervalMs } from "@/lib/server/events/text-flush-interval";
import { logger } from "@/lib/server/logger";
import { settleAll } from "@/lib/server/settle-all";
import { activeConversationCount } from "./local-executions";
import { recoverDeadRunsThenReadLastEventSeq } from "./recover-dead-runs";

export type RecordedAgent = ConversationAgent & { recorder: RunEventRecorder };

type AgentOptions = {
  checkModelUrls?: boolean;
  preloaded?: Preloaded;
};

/**
 * The conversation's agent with its events recorded: text deltas wait longer when many
 * conversations stream on this instance (text-flush-interval.ts). With billing on, the usage
 * thresholds are checked once its work is done (observers end in order: after the recorder's flush,
 * so the run's tokens are counted).
 */
export async function openAgent(
  tenant: Pick<TenantContext, "organizationId">,
  conversationId: string,
  options: AgentOptions = {},
): Promise<RecordedAgent> {
  const recorder = conversationRecorder(tenant, conversationId, () => textFlushIntervalMs(activeConversationCount()));
  const observers = [recordingObserver(recorder), ...(billingMode() === "off" ? [] : [thresholdObserver(tenant.organizationId)])];
  const agent = await buildConversationAgent(tenant, conversationId, { ...options, observers });
  return { ...agent, recorder };
}

/**
 * What every flow that makes the model answer opens with, side by side: dead-run recovery and the
 * stream's start (`after`: no query when `known` came from the opening read), and the agent, its
 * model's URLs checked (422 before anything is stored).
 */
export async function openTurn(
  tenant: Pick<TenantContext, "organizationId">,
  conversationId: string,
  known?: TurnStart,
): Promise<{ after: number; agent: RecordedAgent }> {
  const [after, agent] = await settleAll([
    recoverDeadRunsThenReadLastEventSeq({ organizationId: tenant.organizationId, conversationId }, known),
    openAgent(tenant, conversationId, { checkModelUrls: true, ...(known && { preloaded: preloadedBy(known) }) }),
  ] as const);
  return { after, agent };
}

/** What the opening read brought that the agent would otherwise read: the prompt's facts are the writer's. */
const preloadedBy = (turn: TurnStart): Preloaded => ({
  settings: turn.settings,
  storeId: turn.storeId,
  modelName: turn.modelName,
  teamTools: turn.teamTools,
  starterFacts: { userId: turn.ctx.userId, facts: turn.promptFacts },
});

/**
 * Every event a run emits becomes a run event. The run never waits for them to be stored: the
 * recorder keeps their order, reports a failed write itself (onError), and `onDone` waits for all
 * of them before the run's stream ends.
 */
function recordingObserver(recorder: RunEventRecorder): ConversationObserver {
  return {
    onEvent(type, data) {
      void Promise.resolve(recorder.record(type, data)).catch(() => {});
    },
    onUserMessage(message) {
      // Images stay out of the event (up to 16 MB of base64); the snapshot has them.
      const { images, ...rest } = message;
      void recorder
        .recordServerEvent("user_message", { message: { ...rest, ...(images?.length && { image_count: images.length }) } })
        .catch(() => {});
    },
    onDone: () => recorder.flush(),
  };
}

/** Checks the usage thresholds when the agent's work is done; detached (the stream's end never waits for it), failures logged. */
function thresholdObserver(organizationId: string): ConversationObserver {
  return {
    async onDone() {
      void checkUsageThresholds(organizationId).catch((error: unknown) =>
        logger.error("the usage thresholds could not be checked", { organizationId, error }),
      );
    },
  };
}
