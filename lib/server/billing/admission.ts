import {
  admitUsage,
  attributeUsageEntry,
  readMonthUsage,
  refundUsage,
  releaseUsageHold,
  type AdmissionLimits,
  type EdgeRule,
  type UsageAdmission,
  type UsageAdmissionRequest,
  type UsageRefusal,
} from "@/lib/db/usage-admission";
import type { StoreAdapter } from "@/lib/agent/store-adapter";
import { PostgresStore } from "@/lib/db/postgres-store";
import { serverEnv } from "@/lib/server/env";
import { logger } from "@/lib/server/logger";
import type { TenantContext } from "@/lib/db/tenant-context";
import { noteAdmitted } from "./admitted-organizations";
import { currentPlan } from "./current-plan";
import { planLimitError } from "./limit-sentence";
import { billingMode } from "./mode";
import { PLAN_KEYS, PLANS, type PlanKey } from "./plans";
import { checkUsageThresholds, untoldThresholdWithinReach } from "./thresholds";
import { monthStart } from "./usage-month";

/** What a run's start asks for: a message counts one, a continuation (a card answer, an inbox answer, a retry) none. */
export interface RunAdmissionRequest {
  kind: "message" | "continuation";
  conversationId?: string;
  /** The key that sent the message (/api/v1); the entry then names no person. */
  apiKeyId?: string;
}

/** An admitted run. Both calls are idempotent. */
export interface Admission {
  /**
   * Frees the run's token hold; call it when the run's work is done (its token events stored). Then,
   * when a threshold not told yet was within reach at admission, checks the thresholds (detached).
   */
  release(): Promise<void>;
  /**
   * `release`, the hold deleted by the statement that stores the run's last events when
   * `withLastEvents` can send it there (RunEventRecorder.flushReleasing: true when it did, once
   * they are stored); else, once `withLastEvents` resolved, by a statement of its own.
   */
  releaseWith(withLastEvents: (holdIds: readonly string[]) => Promise<boolean>): Promise<void>;
  /** Takes the admission back (its message and its entry, its hold): the work ended before a run was running. */
  refund(): Promise<void>;
  /** Names the conversation a message admitted before it existed (a v1 conversation created with its first message). */
  attribute(conversationId: string): Promise<void>;
}

/** No hold, no message: what billing off admits, and work that starts no run. */
export const NOTHING_HELD: Admission = {
  release: async () => {},
  releaseWith: async (withLastEvents) => void (await withLastEvents([])),
  refund: async () => {},
  attribute: async () => {},
};

/**
 * The token edge (docs/billing.md): a run is expected to use the month's average tokens per message,
 * at least 4,000; every admitted run holds that much for up to 10 minutes (its server may die before
 * it releases them). While the headroom beside the live holds fits 20 more, runs start side by side;
 * nearer, one at a time.
 */
export const TOKEN_EDGE: EdgeRule = { floorTokens: 4_000, farRuns: 20, holdMs: 10 * 60_000 };

/** What each plan lets a month use, as the admission compares it (on a plan with overage, tokens up to the hard cap). */
const ADMISSION_LIMITS = Object.fromEntries(
  PLAN_KEYS.map((key) => {
    const plan = PLANS[key];
    return [key, { messages: plan.limits.messages, tokenCap: plan.overage ? plan.tokensHardCap : plan.limits.tokens }];
  }),
) as Record<PlanKey, AdmissionLimits>;

/**
 * Admits a run a person or an API key starts, or throws the 402 that says which limit refused it.
 * One round trip (lib/db/usage-admission.ts), which also reads the plan that applies: 20 parallel
 * messages at the last one admit one. With billing off nothing is read. Runs already going (expired
 * cards, recovery, queue drains) are never asked: a run is never cut mid-answer.
 */
export async function admitRun(ctx: AdmittedContext, request: RunAdmissionRequest, now: Date = new Date()): Promise<Admission> {
  const env = serverEnv();
  if (billingMode(env) === "off") return NOTHING_HELD;
  const outcome = await admitUsage(usageRequest(ctx, request, now, env.BILLING_GRACE_DAYS));
  if (!outcome.admitted) throw refusalError(ctx, request, outcome);
  return admittedRun(ctx.organizationId, outcome, now);
}

/**
 * `admitRun` for a message whose run starts on `store`, made by the statement that starts the run
 * (lib/db/run-start-admission.ts): one round trip and one commit fewer per message. The 402 is
 * thrown by the run's start, before a run exists; the admission's holds are known once it ran, and
 * an admission whose run start never came is nothing.
 */
export function admitWithRunStart(
  ctx: AdmittedContext,
  request: RunAdmissionRequest,
  store: PostgresStore,
  now: Date = new Date(),
): Admission {
  const env = serverEnv();
  if (billingMode(env) === "off") return NOTHING_HELD;
  const pending = store.admitAtNextRunStart(usageRequest(ctx, request, now, env.BILLING_GRACE_DAYS), (refusal) =>
    refusalError(ctx, request, refusal),
  );
  const made = pending.outcome.then((outcome) => (outcome?.admitted ? admittedRun(ctx.organizationId, outcome, now) : NOTHING_HELD));
  // Asked only once the work is over (release) or failed (refund): a start that has not come by then never will.
  const settled = () => {
    pending.cancel();
    return made;
  };
  return {
    release: () => settled().then((admission) => admission.release()),
    releaseWith: (withLastEvents) => settled().then((admission) => admission.releaseWith(withLastEvents)),
    refund: () => settled().then((admission) => admission.refund()),
    attribute: (conversationId) => settled().then((admission) => admission.attribute(conversationId)),
  };
}

/**
 * A message's admission on the store its run starts on: made by the run's start on the database
 * (`admitWithRunStart`), by a round trip of its own on any other store. Only the 402 of the latter
 * is thrown here; the former's comes out of the run's start.
 */
export function admitMessage(ctx: AdmittedContext, request: RunAdmissionRequest, store: StoreAdapter): Promise<Admission> {
  return store instanceof PostgresStore ? Promise.resolve(admitWithRunStart(ctx, request, store)) : admitRun(ctx, request);
}

type AdmittedContext = Pick<TenantContext, "organizationId"> & Partial<Pick<TenantContext, "userId" | "orgSlug" | "role">>;

function usageRequest(ctx: AdmittedContext, request: RunAdmissionRequest, now: Date, graceDays: number): UsageAdmissionRequest {
  return {
    organizationId: ctx.organizationId,
    month: monthStart(now),
    kind: request.kind,
    now,
    graceDays,
    limits: ADMISSION_LIMITS,
    edge: TOKEN_EDGE,
    userId: request.apiKeyId ? null : (ctx.userId ?? null),
    apiKeyId: request.apiKeyId ?? null,
    conversationId: request.conversationId ?? null,
  };
}

/** The 402 that says which limit refused the run, worded for who asked. */
function refusalError(ctx: AdmittedContext, request: RunAdmissionRequest, refusal: UsageRefusal): Error {
  return planLimitError(
    { orgSlug: ctx.orgSlug ?? null, role: request.apiKeyId ? null : (ctx.role ?? null) },
    {
      metric: refusal.metric,
      used: refusal.used,
      limit: refusal.limit,
      plan: refusal.plan as PlanKey,
      retryWhenIdle: refusal.retryWhenIdle,
    },
  );
}

function admittedRun(organizationId: string, outcome: Extract<UsageAdmission, { admitted: true }>, now: Date): Admission {
  noteAdmitted(organizationId, now);
  const month = monthStart(now);
  const { holdId, entryId } = outcome;
  const withinReach = untoldThresholdWithinReach(
    outcome.month,
    outcome.plan as PlanKey,
    outcome.held + TOKEN_EDGE.farRuns * outcome.expected,
  );
  let released: Promise<void> | null = null;
  let refunded: Promise<void> | null = null;
  const afterRelease = () => {
    if (withinReach) void checkThresholds(organizationId);
  };
  return {
    release: () => (released ??= releaseUsageHold(organizationId, holdId).then(afterRelease)),
    releaseWith: (withLastEvents) =>
      (released ??= withLastEvents([holdId])
        .then((rode) => (rode ? undefined : releaseUsageHold(organizationId, holdId)))
        .then(afterRelease)),
    refund: () => (refunded ??= refundUsage(organizationId, month, holdId, entryId)),
    attribute: (conversationId) => (entryId === null ? Promise.resolve() : attributeUsageEntry(organizationId, entryId, conversationId)),
  };
}

/** Detached: the run's end never waits for it; a failure is logged (the next run within reach checks again). */
const checkThresholds = (organizationId: string) =>
  checkUsageThresholds(organizationId, new Date(), "within_reach").catch((error: unknown) =>
    logger.error("the usage thresholds could not be checked", { organizationId, error }),
  );

/**
 * A message's limits, read only: the 402 `admitRun` would answer now for a message (a month's
 * messages or tokens used up), before anything is written for it (a new conversation). It counts
 * nothing; the message's admission still decides, atomically.
 */
export async function refuseMessageOverLimit(
  ctx: Pick<TenantContext, "organizationId"> & Partial<Pick<TenantContext, "orgSlug" | "role">>,
  now: Date = new Date(),
): Promise<void> {
  if (billingMode() === "off") return;
  const plan = await currentPlan(ctx.organizationId, now);
  if (plan.mode === "off" || !plan.effective) return;
  const tokenCap = plan.overage ? plan.tokensHardCap : plan.limits.tokens;
  const used = await readMonthUsage(ctx.organizationId, monthStart(now));
  const refused = { orgSlug: ctx.orgSlug ?? null, role: ctx.role ?? null };
  if (used.messages >= plan.limits.messages)
    throw planLimitError(refused, { metric: "messages", used: used.messages, limit: plan.limits.messages, plan: plan.effective.plan });
  if (used.tokens >= tokenCap)
    throw planLimitError(refused, { metric: "tokens", used: used.tokens, limit: tokenCap, plan: plan.effective.plan });
}

/**
 * Runs what follows an admission up to the run being running (opening the agent, storing the
 * answer, launching): any throw on the way refunds the admission, so no message is counted and no
 * hold is left for work that never ran, then goes on to the caller (the route's 404/409/429).
 */
export async function refundOnThrow<T>(admission: Admission, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await admission.refund().catch((refundError: unknown) => logger.error("an admission was not refunded", { error: refundError }));
    throw error;
  }
}
