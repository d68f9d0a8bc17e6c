// With OUTBOUND_ALLOW_PRIVATE off (passed explicitly), private, loopback, link-local and metadata
// targets are refused when an endpoint is saved and again at every delivery, after DNS (a name
// that resolves to a private address is injected); a redirect is logged, never followed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/server/http/app-error";
import type { LookupAll } from "@/lib/server/http/outbound-url-guard";
import type { WebhookWorker } from "@/lib/server/jobs/worker";
import { RETRY_CAP_MS } from "@/lib/server/webhooks/outbound/backoff";
import { assertDeliverableUrl } from "@/lib/server/webhooks/outbound/endpoint-url";
import { createTenant } from "@/tests/integration/store/support";
import { startWebhookReceiver, type WebhookReceiver } from "@/tests/support/webhook-receiver";
import { emitRunCompleted, endpointFor, workerWith } from "./outbound-support";
import { eventually } from "@/tests/support/eventually";

const lookup: LookupAll = async (host) => {
  if (host === "hooks.internal.example") return [{ address: "10.1.2.3", family: 4 }];
  if (host === "public.example") return [{ address: "93.184.215.14", family: 4 }];
  throw new Error(`unexpected lookup of ${host}`);
};

const REFUSED = [
  "http://10.0.0.1/hook",
  "http://127.0.0.1:9/hook",
  "http://169.254.169.254/latest/meta-data",
  "http://[::1]/hook",
  "http://hooks.internal.example/hook",
];

describe("outbound URLs at save", () => {
  it.each(REFUSED)("refuses %s with a 422 that says why", async (url) => {
    const error = await assertDeliverableUrl(url, { allowPrivate: false, lookup }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 422, code: "url_refused", details: { reason: "private_address" } });
    expect((error as AppError).message).toMatch(/private, loopback, link-local or metadata address .*OUTBOUND_ALLOW_PRIVATE=1/);
  });

  it("accepts a public address", async () => {
    await expect(assertDeliverableUrl("https://public.example/hook", { allowPrivate: false, lookup })).resolves.toBe(
      "https://public.example/hook",
    );
  });
});

describe("outbound URLs at delivery", () => {
  let worker: WebhookWorker;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    worker = await workerWith(
      { lookup, timeoutMs: 1_000, backoff: { baseMs: 60_000, capMs: RETRY_CAP_MS, windowMs: 3_600_000, random: () => 0.5 } },
      { OUTBOUND_ALLOW_PRIVATE: "0" },
    );
  });
  afterAll(async () => {
    await worker.stop();
    await receiver.close();
  });

  it("refuses each private target after DNS, and the loopback receiver never hears a request", async () => {
    const tenant = await createTenant("ssrf");
    // Saved before the check existed, or a name whose addresses changed since: the delivery checks again.
    const targets = [...REFUSED, receiver.url];
    const endpoints = await Promise.all(targets.map((url) => endpointFor(tenant, url)));
    await emitRunCompleted(tenant);

    for (const { endpoint } of endpoints) {
      const attempt = await eventually(() => prisma.webhookAttempt.findFirst({ where: { delivery: { endpointId: endpoint.id } } }));
      expect(attempt, endpoint.url).toMatchObject({
        responseStatus: null,
        error: expect.stringMatching(/private, loopback, link-local or metadata/),
      });
    }
    expect(receiver.received).toEqual([]);
  });
});

describe("redirects", () => {
  it("are logged as the attempt's outcome and not followed", async () => {
    // The first hop is our loopback receiver, so private addresses are allowed here; the redirect
    // target is a second loopback receiver that must never be asked.
    const receiver = await startWebhookReceiver();
    const target = await startWebhookReceiver();
    const worker = await workerWith({
      timeoutMs: 1_000,
      backoff: { baseMs: 60_000, capMs: RETRY_CAP_MS, windowMs: 3_600_000, random: () => 0.5 },
    });
    try {
      receiver.respond(() => ({ status: 302, headers: { location: target.url } }));
      const tenant = await createTenant("redirect");
      const { endpoint } = await endpointFor(tenant, receiver.url);
      await emitRunCompleted(tenant);
      const attempt = await eventually(() => prisma.webhookAttempt.findFirst({ where: { delivery: { endpointId: endpoint.id } } }));
      expect(attempt).toMatchObject({ responseStatus: 302, error: expect.stringMatching(/redirect to .*not followed/) });
      expect(receiver.received).toHaveLength(1);
      expect(target.received).toEqual([]);
      expect(await prisma.webhookDelivery.findFirst({ where: { endpointId: endpoint.id } })).toMatchObject({ status: "pending" });
    } finally {
      await worker.stop();
      await receiver.close();
      await target.close();
    }
  });
});
