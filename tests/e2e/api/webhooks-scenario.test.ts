// The outside world end to end: the demo model posts a blocking inbox item → a signed
// inbox.item.created reaches a receiver, which verifies it with standardwebhooks and resolves the
// item through the public API with a key → the conversation continues by itself and the agent's
// reply quotes the answer; run.completed arrives too. Then the worker is killed (SIGKILL) while a
// receiver holds a delivery, and after its restart the delivery still arrives with the same webhook-id.
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { appBaseURL } from "../support/env";
import { createAccount, type TestAccount } from "../support/http-client";
import { createConversation, say } from "../support/run-events";
import { sql } from "../support/sql";
import { controlWorker } from "../../support/worker-process";
import { startWebhookReceiver, type WebhookReceiver } from "../../support/webhook-receiver";

type Event = { id: string; type: string; data: Record<string, unknown> };

let owner: TestAccount;
let receiver: WebhookReceiver;
beforeAll(async () => {
  owner = await createAccount(appBaseURL(), "scenario");
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

async function until<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("The condition did not hold in time.");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function endpoint(url: string, eventTypes: string[]) {
  const created = await owner.client.json<{ endpoint: { id: string }; secret: string }>(`/api/orgs/${owner.orgSlug}/webhooks`, {
    json: { url, event_types: eventTypes },
  });
  expect(created.status).toBe(201);
  return created.body;
}

describe("the inbox meets the outside world", () => {
  it("a signed inbox.item.created is resolved through the API by its receiver, and the conversation continues by itself", async () => {
    const key = await owner.client.json<{ secret: string }>(`/api/orgs/${owner.orgSlug}/api-keys`, {
      json: { name: "ERP", scopes: ["inbox:read", "inbox:write"] },
    });
    const { secret } = await endpoint(`${receiver.url}?erp`, ["inbox.item.created", "run.completed"]);
    const conversationId = await createConversation(owner.client, "Budget", owner.orgSlug);
    await say(owner.client, conversationId, "ask finance to approve the Q3 budget");

    const created = await receiver.waitFor((all) => all.some((request) => request.body.includes('"inbox.item.created"')), 20_000);
    const request = created.find((entry) => entry.body.includes('"inbox.item.created"'))!;
    const event = new Webhook(secret).verify(request.body, request.headers) as Event;
    const item = event.data.item as { id: string; conversation_id: string; tag: string; blocking: boolean; request: string };
    expect(item).toMatchObject({
      conversation_id: conversationId,
      tag: "finance",
      blocking: true,
      request: expect.stringMatching(/Q3 budget/),
    });
    expect(request.headers["webhook-id"]).toBe(event.id);

    const resolved = await fetch(`${appBaseURL()}/api/v1/inbox/${encodeURIComponent(item.id)}/resolve`, {
      method: "POST",
      headers: { authorization: `Bearer ${key.body.secret}`, "content-type": "application/json" },
      body: JSON.stringify({ response: "Approved by the ERP, PO 4711" }),
    });
    expect(resolved.status).toBe(200);

    const [reply] = await until(() =>
      sql<{ text: string }>(
        `SELECT m."text" FROM "Message" m JOIN "AgentStore" s ON s."id" = m."storeId"
         WHERE s."conversationId" = $1 AND m."sender" = 'agent' AND m."text" LIKE '%An inbox update arrived%'`,
        [conversationId],
      ).then((rows) => rows.length > 0 && rows),
    );
    expect(reply.text).toContain("Approved by the ERP, PO 4711");

    // The continued run, which nobody typed, is announced when it completes.
    const runs = await receiver.waitFor(
      (all) =>
        all.some((entry) => {
          const body = JSON.parse(entry.body) as Event;
          return body.type === "run.completed" && body.data.conversation_id === conversationId && body.data.started_by_id === null;
        }),
      20_000,
    );
    for (const entry of runs.filter((entry) => entry.path === "/hook?erp"))
      expect(() => new Webhook(secret).verify(entry.body, entry.headers)).not.toThrow();
  });

  it("a worker killed while a receiver holds its delivery loses nothing: after the restart it arrives again, same webhook-id", async () => {
    const held = await startWebhookReceiver();
    const control = inject("webhookWorkerControlURL");
    try {
      let release: () => void = () => {};
      const holding = new Promise<void>((resolve) => (release = resolve));
      held.respond((_request, index) => (index === 0 ? { status: 204, until: holding } : { status: 204 }));
      const { endpoint: created, secret } = await endpoint(held.url, ["run.completed"]);
      const sent = await owner.client.json<{ delivery_id: string; event_id: string }>(
        `/api/orgs/${owner.orgSlug}/webhooks/${created.id}/test`,
        { method: "POST" },
      );
      await held.waitFor((all) => all.length === 1, 20_000);
      await controlWorker(control, "kill");
      release();
      await controlWorker(control, "start");

      const [first, second] = await held.waitFor((all) => all.length >= 2, 45_000);
      expect(first.headers["webhook-id"]).toBe(sent.body.event_id);
      expect(second.headers["webhook-id"]).toBe(sent.body.event_id);
      expect(new Webhook(secret).verify(second.body, second.headers)).toMatchObject({ id: sent.body.event_id, type: "webhook.test" });
      const [delivery] = await until(() =>
        sql<{ status: string; attemptCount: number }>(
          `SELECT status, "attemptCount" FROM "WebhookDelivery" WHERE id = $1 AND status = 'succeeded'`,
          [sent.body.delivery_id],
        ).then((rows) => rows.length > 0 && rows),
      );
      expect(delivery.attemptCount).toBe(2);
    } finally {
      await controlWorker(control, "start");
      await held.close();
    }
  }, 90_000);
});
