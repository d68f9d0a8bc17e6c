// Admission reads the plan that applies in its own statement (handoff_admit_usage), and the threshold
// check after a run reads the month only when admission saw a threshold within reach.
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TenantContext } from "@/lib/db/tenant-context";
import { admitRun, TOKEN_EDGE } from "@/lib/server/billing/admission";
import { effectivePlan, type BillingRecord } from "@/lib/server/billing/effective-plan";
import { PLANS } from "@/lib/server/billing/plans";
import { checkUsageThresholds } from "@/lib/server/billing/thresholds";
import { AppError } from "@/lib/server/http/app-error";
import { billingOnEnv } from "@/tests/support/billing-env";
import { eventually } from "@/tests/support/eventually";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { createTenant } from "@/tests/integration/store/support";
import { setUsage } from "./usage-month";

const prisma = () => getTestPrisma();
const DAY = 86_400_000;
const FREE = PLANS.free.limits;

beforeEach(() => {
  for (const [name, value] of Object.entries(billingOnEnv())) vi.stubEnv(name, value);
});
afterEach(() => vi.unstubAllEnvs());

const subscribe = (tenant: TenantContext, state: Partial<BillingRecord>) =>
  prisma().organizationBilling.create({ data: { organizationId: tenant.organizationId, plan: "pro", ...state } });

/** The 402's details, or "admitted" (its hold released). */
async function outcome(tenant: TenantContext, kind: "message" | "continuation" = "message") {
  try {
    await (await admitRun(tenant, { kind })).release();
    return "admitted";
  } catch (error) {
    if (error instanceof AppError && error.status === 402) return error.details;
    throw error;
  }
}

const warningsOf = (tenant: TenantContext) =>
  prisma().usageWarning.findMany({ where: { organizationId: tenant.organizationId }, select: { metric: true, percent: true } });

describe("the plan admission applies", () => {
  it("is effectivePlan's, in every case of the grace rule", async () => {
    const now = new Date("2026-12-10T12:00:00.000Z");
    const cases: Array<{ record: BillingRecord | null; graceDays: number }> = [{ record: null, graceDays: 7 }];
    for (const plan of ["free", "pro"] as const)
      for (const subscriptionStatus of [
        null,
        "active",
        "trialing",
        "past_due",
        "unpaid",
        "canceled",
        "incomplete",
        "incomplete_expired",
        "paused",
      ])
        for (const pastDueSince of [null, 1, 6 * DAY, 7 * DAY - 1, 7 * DAY, 8 * DAY].map((ago) =>
          ago === null ? null : new Date(now.getTime() - ago),
        ))
          for (const currentPeriodEnd of [null, new Date(now.getTime() - 8 * DAY), new Date(now.getTime() + 20 * DAY)])
            for (const graceDays of [0, 7])
              cases.push({
                graceDays,
                record: {
                  plan,
                  subscriptionStatus,
                  pastDueSince,
                  currentPeriodEnd,
                  stripeCustomerId: null,
                  stripeSubscriptionId: null,
                  cancelAtPeriodEnd: false,
                },
              });
    const rows = await prisma().$queryRaw<Array<{ plan: string }>>`
      SELECT "handoff_effective_plan"(c ->> 'plan', c ->> 'status', (c ->> 'pastDueSince')::timestamp(3), (c ->> 'periodEnd')::timestamp(3),
                                      ${now.toISOString()}::timestamp(3), (c ->> 'graceDays')::int) AS plan
      FROM jsonb_array_elements(${JSON.stringify(
        cases.map(({ record, graceDays }) => ({
          plan: record?.plan ?? null,
          status: record?.subscriptionStatus ?? null,
          pastDueSince: record?.pastDueSince?.toISOString() ?? null,
          periodEnd: record?.currentPeriodEnd?.toISOString() ?? null,
          graceDays,
        })),
      )}::jsonb) WITH ORDINALITY AS cases(c, position)
      ORDER BY position`;
    expect(rows.map((row) => row.plan)).toEqual(cases.map(({ record, graceDays }) => effectivePlan(record, now, graceDays).plan));
  });

  it("past due keeps Pro's limits through the grace period and Free's after it", async () => {
    const inGrace = await createTenant("grace");
    await subscribe(inGrace, { subscriptionStatus: "past_due", pastDueSince: new Date(Date.now() - 6 * DAY) });
    await setUsage(inGrace, { messages: FREE.messages });
    expect(await outcome(inGrace)).toBe("admitted");

    const graceOver = await createTenant("grace-over");
    await subscribe(graceOver, { subscriptionStatus: "past_due", pastDueSince: new Date(Date.now() - 8 * DAY) });
    await setUsage(graceOver, { messages: FREE.messages });
    expect(await outcome(graceOver)).toMatchObject({ metric: "messages", limit: FREE.messages, plan: "free" });
  });

  it("a canceled Pro subscription is Free: its token allowance is the cap, with no overage", async () => {
    const tenant = await createTenant("canceled");
    await subscribe(tenant, { subscriptionStatus: "canceled" });
    await setUsage(tenant, { messages: 10, tokens: FREE.tokens });
    expect(await outcome(tenant, "continuation")).toMatchObject({ metric: "tokens", limit: FREE.tokens, plan: "free" });
  });
});

describe("the threshold check after an admitted run", () => {
  it("the message that reaches 80% is told when its run releases its hold", async () => {
    const tenant = await createTenant("reach");
    await setUsage(tenant, { messages: 0.8 * FREE.messages - 1 });
    await (await admitRun(tenant, { kind: "message" })).release();
    expect(await eventually(async () => (await warningsOf(tenant)).length > 0 && warningsOf(tenant))).toEqual([
      { metric: "messages", percent: 80 },
    ]);
  });

  it("tokens the running runs may use bring a threshold within reach: the run's end checks", async () => {
    const tenant = await createTenant("tokens-reach");
    // Below 80% by less than the far margin: the run's own tokens could reach it.
    await setUsage(tenant, { messages: 10, tokens: 0.8 * FREE.tokens - TOKEN_EDGE.farRuns * TOKEN_EDGE.floorTokens + 1 });
    const admission = await admitRun(tenant, { kind: "message" });
    // The run's tokens, metered while it ran.
    await setUsage(tenant, { messages: 11, tokens: 0.8 * FREE.tokens });
    await admission.release();
    expect(await eventually(async () => (await warningsOf(tenant)).length > 0 && warningsOf(tenant))).toEqual([
      { metric: "tokens", percent: 80 },
    ]);
  });

  it("far from every threshold, the run's end reads nothing and records nothing", async () => {
    const tenant = await createTenant("far");
    await setUsage(tenant, { messages: 10, tokens: 10_000 });
    const admission = await admitRun(tenant, { kind: "message" });
    await admission.release();
    // The agent's end asks too (open-turn.ts): admission answered for this organization's month.
    expect(await checkUsageThresholds(tenant.organizationId)).toEqual([]);
    expect(await warningsOf(tenant)).toEqual([]);
    // Asked because a threshold was reached (an API request), it reads and tells.
    await setUsage(tenant, { messages: 0.8 * FREE.messages });
    expect(await checkUsageThresholds(tenant.organizationId, new Date(), "within_reach")).toMatchObject([
      { metric: "messages", percent: 80 },
    ]);
  });

  it("a threshold reached and not told is within reach of the next admission, however far the month is from the next one", async () => {
    const tenant = await createTenant("untold");
    await setUsage(tenant, { messages: 0.8 * FREE.messages + 5 });
    expect(await warningsOf(tenant)).toEqual([]);
    await (await admitRun(tenant, { kind: "continuation", conversationId: randomUUID() })).release();
    expect(await eventually(async () => (await warningsOf(tenant)).length > 0 && warningsOf(tenant))).toEqual([
      { metric: "messages", percent: 80 },
    ]);
  });
});
