import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TenantContext } from "@/lib/db/tenant-context";
import { admitRun, refundOnThrow, refuseMessageOverLimit, TOKEN_EDGE } from "@/lib/server/billing/admission";
import { EDGE_RETRY_AFTER_SECONDS } from "@/lib/server/billing/limit-sentence";
import { planLimitDetailsSchema } from "@/lib/schemas/billing";
import { PLANS } from "@/lib/server/billing/plans";
import { monthStart } from "@/lib/server/billing/usage-month";
import { AppError } from "@/lib/server/http/app-error";
import { billingOnEnv } from "@/tests/support/billing-env";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { createTenant } from "@/tests/integration/store/support";
import { setUsage } from "./usage-month";

const FREE = PLANS.free.limits;
const billingOn = billingOnEnv();
const prisma = () => getTestPrisma();

function switchBilling(on: boolean) {
  for (const [name, value] of Object.entries(billingOn)) {
    if (on) process.env[name] = value;
    else delete process.env[name];
  }
}

const readMonth = (tenant: TenantContext) =>
  prisma().usageMonth.findUnique({
    where: { organizationId_month: { organizationId: tenant.organizationId, month: monthStart(new Date()) } },
  });

/** Each call's outcome: admitted, or the 402's details. */
async function attempt(tenant: TenantContext, kind: "message" | "continuation") {
  try {
    return { admitted: true as const, admission: await admitRun(tenant, { kind }) };
  } catch (error) {
    if (error instanceof AppError && error.status === 402) return { admitted: false as const, error };
    throw error;
  }
}

beforeAll(() => switchBilling(true));
afterEach(() => switchBilling(true));

describe("admitRun with billing on (Free plan)", () => {
  it("admits exactly the remaining messages under 20 parallel calls, and counts each with an entry", async () => {
    const tenant = await createTenant("edge-messages");
    await setUsage(tenant, { messages: FREE.messages - 3 });
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => attempt(tenant, "message")));
    expect(outcomes.filter((outcome) => outcome.admitted)).toHaveLength(3);
    const refused = outcomes.filter((outcome) => !outcome.admitted);
    expect(refused).toHaveLength(17);
    for (const outcome of refused) {
      expect(outcome.error.code).toBe("plan_limit");
      expect(planLimitDetailsSchema.parse(outcome.error.details)).toMatchObject({ metric: "messages", limit: FREE.messages, plan: "free" });
      expect(outcome.error.message).toContain("resets on the 1st");
    }
    expect((await readMonth(tenant))?.messages).toBe(FREE.messages);
    expect(
      await prisma().usageEntry.count({ where: { organizationId: tenant.organizationId, kind: "message", userId: tenant.userId } }),
    ).toBe(3);
  });

  it("tells an owner to upgrade with the billing path, and a member to ask an owner", async () => {
    const tenant = await createTenant("sentence");
    await setUsage(tenant, { messages: FREE.messages });
    const asOwner = await attempt(tenant, "message");
    const asMember = await attempt({ ...tenant, role: "member" }, "message");
    expect(asOwner.admitted || asOwner.error.message).toContain("Upgrade to Pro");
    expect(asOwner.admitted || asOwner.error.details).toMatchObject({ upgrade_path: `/${tenant.orgSlug}/settings/billing` });
    expect(asMember.admitted || asMember.error.message).toContain("Ask an owner");
    expect(asMember.admitted || asMember.error.details).toMatchObject({ upgrade_path: null });
  });

  it("a continuation counts no message and is refused only by tokens", async () => {
    const tenant = await createTenant("continuation");
    // More than the limit (usage counted before a downgrade): a continuation still goes.
    await setUsage(tenant, { messages: FREE.messages + 5, tokens: 10_000 });
    const outcome = await attempt(tenant, "continuation");
    expect(outcome.admitted).toBe(true);
    expect((await readMonth(tenant))?.messages).toBe(FREE.messages + 5);
    expect(await prisma().usageEntry.count({ where: { organizationId: tenant.organizationId, kind: "message" } })).toBe(0);

    // Every admitted run holds its expected tokens until it releases them, a continuation too.
    expect(await prisma().usageHold.count({ where: { organizationId: tenant.organizationId } })).toBe(1);
    await outcome.admission!.release();

    await setUsage(tenant, { messages: 0, tokens: FREE.tokens });
    const over = await attempt(tenant, "continuation");
    expect(over.admitted || over.error.details).toMatchObject({ metric: "tokens", used: FREE.tokens, limit: FREE.tokens });
  });

  it("admits at most one run past the token edge under 20 parallel calls; release frees the edge", async () => {
    const tenant = await createTenant("edge-tokens");
    // Less headroom than one run is expected to use: every run here is an edge run.
    await setUsage(tenant, { messages: 10, tokens: FREE.tokens - 1_000 });
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, index) => attempt(tenant, index % 2 ? "message" : "continuation")));
    const admitted = outcomes.filter((outcome) => outcome.admitted);
    expect(admitted).toHaveLength(1);
    for (const outcome of outcomes.filter((outcome) => !outcome.admitted)) {
      // The owner is told to wait, not to upgrade, and when to try again.
      expect(planLimitDetailsSchema.parse(outcome.error.details)).toMatchObject({
        metric: "tokens",
        retry_when_idle: true,
        upgrade_path: null,
      });
      expect(outcome.error.message).toContain("Try again when it has finished");
      expect(outcome.error.message).not.toContain("Upgrade");
      expect(outcome.error.headers).toMatchObject({ "Retry-After": String(EDGE_RETRY_AFTER_SECONDS) });
    }
    expect(await prisma().usageHold.count({ where: { organizationId: tenant.organizationId } })).toBe(1);

    await admitted[0].admission!.release();
    expect(await prisma().usageHold.count({ where: { organizationId: tenant.organizationId } })).toBe(0);
    const next = await attempt(tenant, "continuation");
    expect(next.admitted).toBe(true);
    await next.admission!.release();
  });

  it("a hold released with the run's last events is not deleted again; one that could not ride is deleted alone", async () => {
    const tenant = await createTenant("ride");
    const holds = () => prisma().usageHold.findMany({ where: { organizationId: tenant.organizationId }, select: { id: true } });
    const riding = await attempt(tenant, "message");
    const [held] = await holds();
    const handed: Array<readonly string[]> = [];
    // The statement that stores the last events deletes it (here: this test, as that statement would).
    await riding.admission!.releaseWith(async (holdIds) => {
      handed.push(holdIds);
      await prisma().usageHold.deleteMany({ where: { organizationId: tenant.organizationId, id: { in: [...holdIds] } } });
      return true;
    });
    expect(handed).toEqual([[held.id]]);
    expect(await holds()).toEqual([]);

    const alone = await attempt(tenant, "message");
    expect(await holds()).toHaveLength(1);
    await alone.admission!.releaseWith(async () => false);
    expect(await holds()).toEqual([]);
  });

  it("far from the edge runs start side by side, each holding its expected tokens", async () => {
    const tenant = await createTenant("far");
    // 250 messages: the month's average is below the floor, so the floor is the expected size.
    await setUsage(tenant, { messages: 250, tokens: FREE.tokens - (TOKEN_EDGE.farRuns + 5) * TOKEN_EDGE.floorTokens });
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => attempt(tenant, "message")));
    expect(outcomes.every((outcome) => outcome.admitted)).toBe(true);
    const holds = await prisma().usageHold.findMany({ where: { organizationId: tenant.organizationId } });
    expect(holds.map((hold) => hold.tokens)).toEqual(Array.from({ length: 5 }, () => TOKEN_EDGE.floorTokens));
  });

  it("runs that never release cannot pass a cap with room for k of them, in parallel or one after another", async () => {
    const room = 3;
    for (const [name, admit] of [
      ["parallel", (tenant: TenantContext) => Promise.all(Array.from({ length: 150 }, () => attempt(tenant, "message")))],
      [
        "sequential",
        async (tenant: TenantContext) => {
          const outcomes = [];
          for (let index = 0; index < 150; index += 1) outcomes.push(await attempt(tenant, index % 2 ? "message" : "continuation"));
          return outcomes;
        },
      ],
    ] as const) {
      const tenant = await createTenant(`no-release-${name}`);
      // Headroom for 20 far runs and `room` more at the expected size (the floor: the average is below it).
      await setUsage(tenant, { messages: 250, tokens: FREE.tokens - (TOKEN_EDGE.farRuns + room) * TOKEN_EDGE.floorTokens });
      const outcomes = await admit(tenant);
      const admitted = outcomes.filter((outcome) => outcome.admitted).length;
      expect(admitted, name).toBeGreaterThan(0);
      expect(admitted, name).toBeLessThanOrEqual(room + 1);
      expect(await prisma().usageHold.count({ where: { organizationId: tenant.organizationId } }), name).toBe(admitted);
    }
  });

  it("a refund takes back the counted message, its entry and its hold", async () => {
    const tenant = await createTenant("refund");
    await setUsage(tenant, { messages: 10 });
    const kept = await attempt(tenant, "message");
    const refunded = await attempt(tenant, "message");
    expect((await readMonth(tenant))?.messages).toBe(12);
    await refunded.admission!.refund();
    await refunded.admission!.refund();
    expect((await readMonth(tenant))?.messages).toBe(11);
    expect(await prisma().usageEntry.count({ where: { organizationId: tenant.organizationId, kind: "message" } })).toBe(1);
    expect(await prisma().usageHold.count({ where: { organizationId: tenant.organizationId } })).toBe(1);
    await kept.admission!.release();
    expect(await prisma().usageHold.count({ where: { organizationId: tenant.organizationId } })).toBe(0);
  });

  it("refundOnThrow refunds when the work after the admission throws, and keeps the count when it succeeds", async () => {
    const tenant = await createTenant("refund-on-throw");
    await setUsage(tenant, { messages: 10 });
    const failed = await admitRun(tenant, { kind: "message" });
    const gone = new AppError(404, "not_found", "This conversation was not found.");
    await expect(refundOnThrow(failed, async () => Promise.reject(gone))).rejects.toBe(gone);
    expect((await readMonth(tenant))?.messages).toBe(10);
    expect(await prisma().usageHold.count({ where: { organizationId: tenant.organizationId } })).toBe(0);
    const ran = await admitRun(tenant, { kind: "message" });
    expect(await refundOnThrow(ran, async () => "running")).toBe("running");
    expect((await readMonth(tenant))?.messages).toBe(11);
    await ran.release();
  });

  it("the read-only pre-check refuses a message at the limit and counts nothing", async () => {
    const tenant = await createTenant("pre-check");
    await setUsage(tenant, { messages: FREE.messages - 1 });
    await refuseMessageOverLimit(tenant);
    expect((await readMonth(tenant))?.messages).toBe(FREE.messages - 1);
    await setUsage(tenant, { messages: FREE.messages });
    const refused = await refuseMessageOverLimit(tenant).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(planLimitDetailsSchema.parse((refused as AppError).details)).toMatchObject({ metric: "messages", limit: FREE.messages });
    expect((await readMonth(tenant))?.messages).toBe(FREE.messages);
  });

  it("ignores expired holds", async () => {
    const tenant = await createTenant("expired-hold");
    await setUsage(tenant, { messages: 10, tokens: FREE.tokens - 1_000 });
    await prisma().usageHold.create({
      data: { organizationId: tenant.organizationId, id: randomUUID(), tokens: 5_000, expiresAt: new Date(Date.now() - 1_000) },
    });
    expect((await attempt(tenant, "message")).admitted).toBe(true);
  });

  it("a live hold of another run refuses an edge run until it ends", async () => {
    const tenant = await createTenant("live-hold");
    await setUsage(tenant, { messages: 10, tokens: FREE.tokens - 1_000 });
    const holder = await attempt(tenant, "continuation");
    expect(holder.admitted).toBe(true);
    const blocked = await attempt(tenant, "message");
    expect(blocked.admitted || blocked.error.details).toMatchObject({ retry_when_idle: true });
    // The refused message was not counted.
    expect((await readMonth(tenant))?.messages).toBe(10);
    await holder.admission!.release();
  });

  it("on Pro, tokens above the allowance are admitted up to the hard cap", async () => {
    const tenant = await createTenant("pro");
    await prisma().organizationBilling.create({
      data: { organizationId: tenant.organizationId, plan: "pro", subscriptionStatus: "active" },
    });
    await setUsage(tenant, { messages: 10, tokens: PLANS.pro.limits.tokens + 1_000 });
    expect((await attempt(tenant, "message")).admitted).toBe(true);
    await setUsage(tenant, { messages: 10, tokens: PLANS.pro.tokensHardCap });
    const over = await attempt(tenant, "message");
    expect(over.admitted || over.error.details).toMatchObject({ metric: "tokens", plan: "pro", limit: PLANS.pro.tokensHardCap });
  });
});

describe("admitRun with billing off", () => {
  it("admits without a query: an organization that does not exist is admitted and nothing is written", async () => {
    switchBilling(false);
    const ghost = { userId: randomUUID(), organizationId: randomUUID(), orgSlug: "ghost", role: "owner" as const };
    // Any statement would fail here: UsageMonth and UsageEntry reference the organization.
    const admission = await admitRun(ghost, { kind: "message" });
    await admission.release();
    expect(await prisma().usageMonth.count({ where: { organizationId: ghost.organizationId } })).toBe(0);
  });
});
