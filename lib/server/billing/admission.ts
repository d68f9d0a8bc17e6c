import { admitUsage, releaseUsageHold, type EdgeRule } from "@/lib/db/usage-admission";
import type { TenantContext } from "@/lib/db/tenant-context";
import { currentPlan, type CurrentPlan } from "./current-plan";
import { planLimitError } from "./limit-sentence";
import { billingMode } from "./mode";
import { monthStart } from "./usage-month";

/** What a run's start asks for: a message counts one, a continuation (a card answer, an inbox answer, a retry) none. */
export interface RunAdmissionRequest {
  kind: "message" | "continuation";
  conversationId?: string;
  /** The key that sent the message (/api/v1); the entry then names no person. */
  apiKeyId?: string;
  /** The plan, when the caller read it beside other work (no read of its own then). */
  plan?: CurrentPlan;
}

/** An admitted run. `release()` frees its token hold at the edge; call it when the run's work is done (idempotent). */
export interface Admission {
  release(): Promise<void>;
}

const NOTHING_HELD: Admission = { release: async () => {} };

/**
 * The token edge (docs/billing.md): a run is expected to use the month's average tokens per message,
 * at least 4,000; the headroom must fit 20 of them beside the live holds for a run to start without
 * a hold. Nearer, runs start one at a time, each holding its expected tokens for up to 10 minutes
 * (its server may die before it releases them).
 */
export const TOKEN_EDGE: EdgeRule = { floorTokens: 4_000, farRuns: 20, holdMs: 10 * 60_000 };

/**
 * Admits a run a person or an API key starts, or throws the 402 that says which limit refused it.
 * Atomic in Postgres (lib/db/usage-admission.ts): 20 parallel messages at the last one admit one.
 * With billing off nothing is read. Runs already going (expired cards, recovery, queue drains) are
 * never asked: a run is never cut mid-answer.
 */
export async function admitRun(
  ctx: Pick<TenantContext, "organizationId"> & Partial<Pick<TenantContext, "userId" | "orgSlug" | "role">>,
  request: RunAdmissionRequest,
  now: Date = new Date(),
): Promise<Admission> {
  if (billingMode() === "off") return NOTHING_HELD;
  const plan = request.plan ?? (await currentPlan(ctx.organizationId, now));
  if (plan.mode === "off" || !plan.effective) return NOTHING_HELD;
  const tokenCap = plan.overage ? plan.tokensHardCap : plan.limits.tokens;
  const outcome = await admitUsage({
    organizationId: ctx.organizationId,
    month: monthStart(now),
    kind: request.kind,
    limits: { messages: plan.limits.messages, tokenCap },
    edge: TOKEN_EDGE,
    userId: request.apiKeyId ? null : (ctx.userId ?? null),
    apiKeyId: request.apiKeyId ?? null,
    conversationId: request.conversationId ?? null,
  });
  if (!outcome.admitted)
    throw planLimitError(
      { orgSlug: ctx.orgSlug ?? null, role: request.apiKeyId ? null : (ctx.role ?? null) },
      { metric: outcome.metric, used: outcome.used, limit: outcome.limit, plan: plan.effective.plan, retryWhenIdle: outcome.retryWhenIdle },
    );
  const holdId = outcome.holdId;
  if (!holdId) return NOTHING_HELD;
  let released: Promise<void> | null = null;
  return { release: () => (released ??= releaseUsageHold(ctx.organizationId, holdId)) };
}
