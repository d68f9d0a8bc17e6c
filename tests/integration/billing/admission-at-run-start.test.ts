import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunRecord } from "@/lib/agent";
import type { TenantContext } from "@/lib/db/tenant-context";
import type { PostgresStore } from "@/lib/db/postgres-store";
import { admitWithRunStart } from "@/lib/server/billing/admission";
import { PLANS } from "@/lib/server/billing/plans";
import { monthStart } from "@/lib/server/billing/usage-month";
import { AppError } from "@/lib/server/http/app-error";
import { billingOnEnv } from "@/tests/support/billing-env";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { createTenant, openNewConversationStore } from "@/tests/integration/store/support";
import { setUsage } from "./usage-month";

// A message's admission made by the statement that starts its run (lib/db/run-start-admission.ts),
// as the message route makes it (send-message.ts): what admitRun guarantees, in one statement.
const FREE = PLANS.free.limits;
const billingOn = billingOnEnv();
const prisma = () => getTestPrisma();

beforeAll(() => Object.assign(process.env, billingOn));
afterAll(() => {
  for (const name of Object.keys(billingOn)) delete process.env[name];
});

const running = (): RunRecord => ({ id: randomUUID(), status: "running", created_at: new Date().toISOString() });
const month = (tenant: TenantContext) =>
  prisma().usageMonth.findUnique({
    where: { organizationId_month: { organizationId: tenant.organizationId, month: monthStart(new Date()) } },
  });
// Each test has an organization of its own.
const runsOf = (store: PostgresStore) => prisma().run.count({ where: { organizationId: store.organizationId } });
const holdsOf = (tenant: TenantContext) => prisma().usageHold.count({ where: { organizationId: tenant.organizationId } });

/** Admits with the run's start of `store`: the run's reads, or the 402 it threw. */
async function startAdmitted(tenant: TenantContext, store: PostgresStore) {
  const admission = admitWithRunStart(tenant, { kind: "message", conversationId: store.conversationId }, store);
  try {
    return { admission, reads: await store.createRunAndRead(running()) };
  } catch (error) {
    if (error instanceof AppError && error.status === 402) return { admission, refused: error };
    throw error;
  }
}

describe("a message's admission in its run's start (billing on, Free plan)", () => {
  it("admits and starts the run in one statement: the message counted, its hold held until released", async () => {
    const tenant = await createTenant("start-admits");
    const { store } = await openNewConversationStore(tenant);
    const started = await startAdmitted(tenant, store);
    expect(started.reads).not.toBeNull();
    expect(await runsOf(store)).toBe(1);
    expect((await month(tenant))?.messages).toBe(1);
    expect(
      await prisma().usageEntry.count({ where: { organizationId: tenant.organizationId, kind: "message", userId: tenant.userId } }),
    ).toBe(1);
    expect(await holdsOf(tenant)).toBe(1);
    await started.admission.release();
    expect(await holdsOf(tenant)).toBe(0);
  });

  it("at the limit the run's start throws the 402 and neither the run nor a count is made", async () => {
    const tenant = await createTenant("start-refuses");
    await setUsage(tenant, { messages: FREE.messages });
    const { store } = await openNewConversationStore(tenant);
    const started = await startAdmitted(tenant, store);
    expect(started.refused?.code).toBe("plan_limit");
    expect(started.refused?.message).toContain("resets on the 1st");
    expect(await runsOf(store)).toBe(0);
    expect((await month(tenant))?.messages).toBe(FREE.messages);
    expect(await holdsOf(tenant)).toBe(0);
    await started.admission.refund();
    expect((await month(tenant))?.messages).toBe(FREE.messages);
  });

  it("a start that finds a run active keeps the admission: the queued message is counted, and a refund takes it back", async () => {
    const tenant = await createTenant("start-busy");
    const { store } = await openNewConversationStore(tenant);
    expect(await store.createRun(running())).toBe(true);
    const started = await startAdmitted(tenant, store);
    expect(started.reads).toBeNull();
    expect(await runsOf(store)).toBe(1);
    expect((await month(tenant))?.messages).toBe(1);
    await started.admission.refund();
    expect((await month(tenant))?.messages).toBe(0);
    expect(await holdsOf(tenant)).toBe(0);
  });

  it("an admission whose run start never came is nothing, and the next start makes none", async () => {
    const tenant = await createTenant("start-never");
    const { store } = await openNewConversationStore(tenant);
    const admission = admitWithRunStart(tenant, { kind: "message", conversationId: store.conversationId }, store);
    await admission.release();
    expect(await month(tenant)).toBeNull();
    expect(await store.createRunAndRead(running())).not.toBeNull();
    expect(await month(tenant)).toBeNull();
  });

  it("20 conversations' starts in parallel at the last remaining message: one run starts, 19 are refused", async () => {
    const tenant = await createTenant("start-edge");
    await setUsage(tenant, { messages: FREE.messages - 1 });
    const stores = await Promise.all(Array.from({ length: 20 }, async () => (await openNewConversationStore(tenant)).store));
    const outcomes = await Promise.all(stores.map((store) => startAdmitted(tenant, store)));
    expect(outcomes.filter((outcome) => outcome.reads)).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.refused)).toHaveLength(19);
    expect(await prisma().run.count({ where: { organizationId: tenant.organizationId } })).toBe(1);
    expect((await month(tenant))?.messages).toBe(FREE.messages);
  });
});
