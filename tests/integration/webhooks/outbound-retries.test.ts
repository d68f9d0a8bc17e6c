// Retries on our own schedule: 500s and a timeout with growing delays, then success; the retry
// window passed → failed and the endpoint failing (cleared by the next success); re-send keeps the
// webhook-id; disabling an endpoint stops its pending deliveries.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { resendWebhookDelivery } from "@/lib/db/webhook-deliveries";
import { updateWebhookEndpoint } from "@/lib/db/webhook-endpoints";
import type { WebhookWorker } from "@/lib/server/jobs/worker";
import { RETRY_CAP_MS } from "@/lib/server/webhooks/outbound/backoff";
import { createTenant } from "@/tests/integration/store/support";
import { startWebhookReceiver, type WebhookReceiver } from "@/tests/support/webhook-receiver";
import { emitRunCompleted, endpointFor, workerWith } from "./outbound-support";
import { eventually } from "@/tests/support/eventually";

let receiver: WebhookReceiver;
let worker: WebhookWorker | undefined;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  receiver.received.splice(0);
  receiver.respond(() => ({ status: 204 }));
});
afterAll(() => receiver.close());

// No jitter (the random fraction is fixed at 1), so each delay is the exponential bound: 300, 600, 1200 ms.
const fixedBackoff = (windowMs: number) => ({ baseMs: 300, capMs: RETRY_CAP_MS, windowMs, random: () => 0.999_999 });

describe("retries", () => {
  it("after two 500s and a timeout, with growing delays, the fourth attempt succeeds", async () => {
    const timeoutMs = 400;
    worker = await workerWith({ timeoutMs, backoff: fixedBackoff(60_000) });
    const tenant = await createTenant("retry");
    const { endpoint } = await endpointFor(tenant, receiver.url);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    receiver.respond((_request, index) =>
      index < 2 ? { status: 500, body: "boom" } : index === 2 ? { status: 200, until: held } : { status: 200, body: "ok" },
    );
    const eventId = await emitRunCompleted(tenant);

    const requests = await receiver.waitFor((all) => all.length === 4, 20_000);
    release();
    expect(new Set(requests.map((request) => request.headers["webhook-id"]))).toEqual(new Set([eventId]));
    const gaps = requests.slice(1).map((request, index) => request.at - requests[index].at);
    expect(gaps[0]).toBeGreaterThanOrEqual(290);
    expect(gaps[1]).toBeGreaterThanOrEqual(590);
    expect(gaps[1]).toBeGreaterThan(gaps[0]);
    // The third attempt waited out its timeout before the 1200 ms delay began.
    expect(gaps[2]).toBeGreaterThanOrEqual(timeoutMs + 1190);

    const delivery = await eventually(() =>
      prisma.webhookDelivery.findFirst({
        where: { endpointId: endpoint.id, status: "succeeded" },
        include: { attempts: { orderBy: { attemptNumber: "asc" } } },
      }),
    );
    expect(delivery.attempts.map((attempt) => [attempt.attemptNumber, attempt.responseStatus])).toEqual([
      [1, 500],
      [2, 500],
      [3, null],
      [4, 200],
    ]);
    expect(delivery.attempts[0]).toMatchObject({ responseBodyExcerpt: "boom", error: expect.stringMatching(/answered 500/) });
    expect(delivery.attempts[2].error).toMatch(/within 400 ms/);
    expect(delivery.attempts[2].durationMs).toBeGreaterThanOrEqual(timeoutMs - 5);
  });

  it("once the retry window has passed the delivery fails and the endpoint is marked failing, until a success", async () => {
    worker = await workerWith({ timeoutMs: 1_000, backoff: fixedBackoff(700) });
    const tenant = await createTenant("window");
    const { endpoint } = await endpointFor(tenant, receiver.url);
    receiver.respond(() => ({ status: 503 }));
    await emitRunCompleted(tenant);

    const failed = await eventually(() => prisma.webhookDelivery.findFirst({ where: { endpointId: endpoint.id, status: "failed" } }));
    expect(failed.attemptCount).toBeGreaterThanOrEqual(2);
    expect(failed.finishedAt!.getTime() - failed.createdAt.getTime()).toBeGreaterThanOrEqual(700);
    const failing = await prisma.webhookEndpoint.findFirstOrThrow({ where: { id: endpoint.id } });
    expect(failing.failingSince).toBeInstanceOf(Date);
    expect(failing.lastError).toMatch(/answered 503/);

    receiver.respond(() => ({ status: 204 }));
    await emitRunCompleted(tenant, "run-2");
    await eventually(async () => (await prisma.webhookEndpoint.findFirstOrThrow({ where: { id: endpoint.id } })).failingSince === null);
    expect((await prisma.webhookEndpoint.findFirstOrThrow({ where: { id: endpoint.id } })).lastError).toBeNull();
  });

  it("a re-send is a new delivery of the same event, with the same webhook-id", async () => {
    worker = await workerWith();
    const tenant = await createTenant("resend");
    const { endpoint } = await endpointFor(tenant, receiver.url);
    const eventId = await emitRunCompleted(tenant);
    const original = await eventually(() => prisma.webhookDelivery.findFirst({ where: { endpointId: endpoint.id, status: "succeeded" } }));

    const resent = await resendWebhookDelivery(tenant, endpoint.id, original.id);
    expect(resent).toMatchObject({ eventId, resendOfId: original.id, status: "pending" });
    const requests = await receiver.waitFor((all) => all.length === 2);
    expect(requests.map((request) => request.headers["webhook-id"])).toEqual([eventId, eventId]);
    expect(requests[1].body).toBe(requests[0].body);
    await eventually(() => prisma.webhookDelivery.findFirst({ where: { id: resent!.id, status: "succeeded" } }));
    expect(await resendWebhookDelivery(await createTenant("intruder"), endpoint.id, original.id)).toBeNull();
  });

  it("disabling an endpoint stops its pending deliveries", async () => {
    worker = await workerWith({
      timeoutMs: 1_000,
      backoff: { baseMs: 60_000, capMs: RETRY_CAP_MS, windowMs: 3_600_000, random: () => 0.5 },
    });
    const tenant = await createTenant("disable");
    const { endpoint } = await endpointFor(tenant, receiver.url);
    receiver.respond(() => ({ status: 500 }));
    await emitRunCompleted(tenant);
    const pending = await eventually(() =>
      prisma.webhookDelivery.findFirst({ where: { endpointId: endpoint.id, status: "pending", attemptCount: 1, attempts: { some: {} } } }),
    );

    await updateWebhookEndpoint(tenant, endpoint.id, { enabled: false });
    const stopped = await prisma.webhookDelivery.findFirstOrThrow({ where: { id: pending.id }, include: { attempts: true } });
    expect(stopped.status).toBe("failed");
    expect(stopped.attempts.map((attempt) => attempt.error)).toContain("The endpoint was disabled.");
    expect((await prisma.webhookEndpoint.findFirstOrThrow({ where: { id: endpoint.id } })).failingSince).toBeNull();
  });
});
