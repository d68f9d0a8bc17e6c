// The plan's limits on inbox answers, with billing on (Free plan, the month's tokens used up): only an
// answer that would start a run is refused (402), an unknown item is a 404 first, and an inbound
// event refused that way is kept (202) for the sweep, never lost, while the sweep goes on for others.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { InboxItem } from "@/lib/agent";
import { findInboxItem } from "@/lib/db/inbox-items";
import type { TenantContext } from "@/lib/db/tenant-context";
import { planLimitDetailsSchema } from "@/lib/schemas/billing";
import { PLANS } from "@/lib/server/billing/plans";
import { monthStart } from "@/lib/server/billing/usage-month";
import { AppError } from "@/lib/server/http/app-error";
import { resolveInboxItem } from "@/lib/server/inbox/resolve-item";
import { sweepKeptEvents } from "@/lib/server/webhooks/inbound/early-events";
import { receiveInboundEvent } from "@/lib/server/webhooks/inbound/receive";
import { hubSignature } from "@/lib/server/webhooks/signing";
import { billingOnEnv } from "@/tests/support/billing-env";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { financeEndpoint, postInboxItem } from "@/tests/integration/support/inbox-items";
import { createTenant } from "@/tests/integration/store/support";

const FREE = PLANS.free.limits;
const member = { kind: "member" as const, id: randomUUID(), name: "Ann Lee" };

beforeAll(() => {
  for (const [name, value] of Object.entries(billingOnEnv())) vi.stubEnv(name, value);
});
beforeEach(() => vi.stubEnv("ENCRYPTION_KEY", "integration-test-key"));
afterAll(() => vi.unstubAllEnvs());

async function useUpTokens(tenant: TenantContext) {
  await getTestPrisma().usageMonth.create({
    data: { organizationId: tenant.organizationId, month: monthStart(new Date()), messages: 1, tokens: BigInt(FREE.tokens) },
  });
}

const postItem = async (tenant: TenantContext, fields: Partial<InboxItem> = {}) => (await postInboxItem(tenant, fields)).publicId;

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof AppError ? error : Promise.reject(error)),
  );

function send(endpoint: { row: { id: string }; secret: string }, payload: unknown) {
  const body = JSON.stringify(payload);
  const request = new Request(`http://localhost/api/inbound/${endpoint.row.id}`, {
    method: "POST",
    body,
    headers: {
      "content-type": "application/json",
      "x-hub-signature-256": hubSignature(body, endpoint.secret),
      "x-github-delivery": randomUUID(),
    },
  });
  return receiveInboundEvent(endpoint.row.id, request, `198.51.100.${Math.floor(Math.random() * 250) + 1}`);
}

describe("inbox answers at the plan's token limit", () => {
  it("a blocking item's answer is 402 and the item stays pending; a non-blocking answer is taken", async () => {
    const tenant = await createTenant("inbox-cap");
    await useUpTokens(tenant);
    const blocking = await postItem(tenant, { blocking: true });
    const refused = await failureOf(resolveInboxItem(tenant, blocking, "yes", member));
    expect(refused?.status).toBe(402);
    expect(planLimitDetailsSchema.parse(refused?.details)).toMatchObject({ metric: "tokens", limit: FREE.tokens });
    expect((await findInboxItem(tenant, blocking))?.status).toBe("pending");

    const note = await postItem(tenant);
    const answered = await resolveInboxItem(tenant, note, "yes", member);
    expect(answered).toMatchObject({ changed: true, continued: false, item: { status: "resolved" } });
  });

  it("an unknown item is 404, not 402", async () => {
    const tenant = await createTenant("inbox-cap-404");
    await useUpTokens(tenant);
    const missing = await failureOf(resolveInboxItem(tenant, "inb_doesnotexist000000000", "yes", member));
    expect(missing?.status).toBe(404);
  });

  it("an inbound event for a blocking item is kept (202), and the sweep goes on to other organizations' events", async () => {
    const capped = await createTenant("inbound-cap");
    await useUpTokens(capped);
    const cappedEndpoint = await financeEndpoint(capped);
    const cappedItem = await postItem(capped, { blocking: true });
    const answer = await send(cappedEndpoint, { data: { order_id: "ORD-42", approved: true } });
    expect(answer.status).toBe(202);
    expect(answer.receipt).toMatchObject({ outcome: "kept", item_id: null });
    expect(answer.receipt.message).toContain("model tokens a month");
    expect((await findInboxItem(capped, cappedItem))?.status).toBe("pending");
    expect(await getTestPrisma().inboundEvent.findMany({ where: { endpointId: cappedEndpoint.row.id } })).toEqual([
      expect.objectContaining({ outcome: "kept" }),
    ]);

    // Another organization with room: its event was kept before its item came; the capped one is swept too.
    const roomy = await createTenant("inbound-room");
    const roomyEndpoint = await financeEndpoint(roomy);
    await send(roomyEndpoint, { data: { order_id: "ORD-42", approved: true } });
    const roomyItem = await postItem(roomy);
    await sweepKeptEvents();
    expect((await findInboxItem(roomy, roomyItem))?.status).toBe("resolved");
    expect((await findInboxItem(capped, cappedItem))?.status).toBe("pending");
    expect(await getTestPrisma().inboundEvent.findMany({ where: { endpointId: cappedEndpoint.row.id } })).toEqual([
      expect.objectContaining({ outcome: "kept" }),
    ]);

    // Room again (a new allowance): the sweep answers the item with the kept event.
    await getTestPrisma().usageMonth.updateMany({ where: { organizationId: capped.organizationId }, data: { tokens: 0n } });
    await sweepKeptEvents();
    expect((await findInboxItem(capped, cappedItem))?.status).toBe("resolved");
  });
});
