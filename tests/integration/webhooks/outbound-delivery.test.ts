// The outbox reaches a real receiver on 127.0.0.1 through the worker, signed so that the
// standardwebhooks package verifies it; a tampered body, a wrong secret and a stale timestamp are refused.
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { generateWebhookSecret } from "@/lib/server/webhooks/signing";
import type { WebhookWorker } from "@/lib/server/jobs/worker";
import { createTenant } from "@/tests/integration/store/support";
import { startWebhookReceiver, type WebhookReceiver } from "@/tests/support/webhook-receiver";
import { emitRunCompleted, endpointFor, workerWith } from "./outbound-support";
import { eventually } from "@/tests/support/eventually";

let receiver: WebhookReceiver;
let worker: WebhookWorker;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  worker = await workerWith();
});
afterAll(async () => {
  await worker.stop();
  await receiver.close();
});
afterEach(() => receiver.received.splice(0));

describe("an outbound delivery", () => {
  it("reaches the receiver signed, and standardwebhooks verifies it; tampered, wrong-secret and stale ones are refused", async () => {
    const tenant = await createTenant("hooks");
    const { endpoint, secret } = await endpointFor(tenant, receiver.url);
    const eventId = await emitRunCompleted(tenant);

    const [request] = await receiver.waitFor((all) => all.length === 1);
    expect(request.headers["webhook-id"]).toBe(eventId);
    expect(request.headers["content-type"]).toBe("application/json");
    const event = new Webhook(secret).verify(request.body, request.headers);
    expect(event).toMatchObject({ id: eventId, type: "run.completed", organization_id: tenant.organizationId });

    expect(() => new Webhook(secret).verify(request.body.replace("run-1", "run-2"), request.headers)).toThrow(/signature/i);
    expect(() => new Webhook(generateWebhookSecret()).verify(request.body, request.headers)).toThrow(/signature/i);
    const stale = String(Number(request.headers["webhook-timestamp"]) - 10 * 60);
    expect(() => new Webhook(secret).verify(request.body, { ...request.headers, "webhook-timestamp": stale })).toThrow(/timestamp/i);

    const delivery = await eventually(() =>
      prisma.webhookDelivery.findFirst({ where: { endpointId: endpoint.id, status: "succeeded" }, include: { attempts: true } }),
    );
    expect(delivery).toMatchObject({ eventId, eventType: "run.completed", attemptCount: 1 });
    expect(delivery.attempts).toMatchObject([{ attemptNumber: 1, responseStatus: 204, error: null }]);
    expect(await prisma.outboxEvent.findFirst({ where: { id: eventId } })).toMatchObject({ dispatchedAt: expect.any(Date) });
  });

  it("records a receiver's answer holding NUL characters (cleaned) and settles the delivery once", async () => {
    const tenant = await createTenant("hooks-nul");
    receiver.respond(() => ({ status: 200, body: "ok\u0000done" }));
    const { endpoint } = await endpointFor(tenant, receiver.url);
    await emitRunCompleted(tenant);
    const delivery = await eventually(() =>
      prisma.webhookDelivery.findFirst({ where: { endpointId: endpoint.id, status: "succeeded" }, include: { attempts: true } }),
    );
    expect(delivery.attempts).toMatchObject([{ attemptNumber: 1, responseStatus: 200, responseBodyExcerpt: "okdone" }]);
    receiver.respond(() => ({ status: 204 }));
  });

  it("goes only to enabled endpoints of the event's organization subscribed to its type", async () => {
    const tenant = await createTenant("hooks");
    const other = await createTenant("other");
    const wanted = await endpointFor(tenant, `${receiver.url}?wanted`);
    await endpointFor(tenant, `${receiver.url}?other-type`, ["inbox.item.created"]);
    const disabled = await endpointFor(tenant, `${receiver.url}?disabled`);
    await prisma.webhookEndpoint.updateMany({ where: { id: disabled.endpoint.id }, data: { enabled: false } });
    await endpointFor(other, `${receiver.url}?other-tenant`);

    const eventId = await emitRunCompleted(tenant);
    await eventually(() => prisma.outboxEvent.findFirst({ where: { id: eventId, dispatchedAt: { not: null } } }));
    await receiver.waitFor((all) => all.length >= 1);
    await worker.pass();
    expect(await prisma.webhookDelivery.findMany({ where: { eventId }, select: { endpointId: true } })).toEqual([
      { endpointId: wanted.endpoint.id },
    ]);
    expect(receiver.received.map((request) => request.path)).toEqual(["/hook?wanted"]);
  });
});
