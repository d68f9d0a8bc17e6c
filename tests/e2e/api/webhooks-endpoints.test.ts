// Outbound webhook endpoints end to end: admins create, read, change, rotate and delete them; the
// secret is shown once; members get 403 and other organizations 404; URLs are checked at save; a
// test event reaches a real receiver and shows in the delivery log, and a re-send keeps the webhook-id.
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appBaseURL } from "../support/env";
import { createAccount, type TestAccount } from "../support/http-client";
import { sql } from "../support/sql";
import { teamOf } from "../support/teams";
import { startWebhookReceiver, type WebhookReceiver } from "../../support/webhook-receiver";

type ErrorBody = { error: { code: string; message: string; details?: Record<string, unknown> } };
type Endpoint = {
  id: string;
  url: string;
  description: string;
  event_types: string[];
  enabled: boolean;
  failing_since: string | null;
  last_error: string | null;
  previous_secret_expires_at: string | null;
};
type Delivery = {
  id: string;
  event_id: string;
  event_type: string;
  status: string;
  attempts: { attempt_number: number; response_status: number | null }[];
};

let team: Awaited<ReturnType<typeof teamOf>>;
let outsider: TestAccount;
let receiver: WebhookReceiver;

beforeAll(async () => {
  team = await teamOf(appBaseURL());
  outsider = await createAccount(appBaseURL(), "outsider");
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

const base = (slug = team.slug) => `/api/orgs/${slug}/webhooks`;

async function create(account: TestAccount, json: Record<string, unknown>, slug = team.slug) {
  return account.client.json<{ endpoint: Endpoint; secret: string } & ErrorBody>(base(slug), { json });
}

async function deliveries(endpointId: string) {
  return (await team.admin.client.json<{ deliveries: Delivery[] }>(`${base()}/${endpointId}/deliveries`)).body.deliveries;
}

async function until<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("The condition did not hold in time.");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("webhook endpoints", () => {
  it("an admin creates one: the secret is shown once, stored sealed, never listed; the creation is audited", async () => {
    const created = await create(team.admin, {
      url: receiver.url,
      description: "ERP",
      event_types: ["inbox.item.created", "run.completed"],
    });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.body.endpoint).toMatchObject({ url: receiver.url, description: "ERP", enabled: true, failing_since: null });

    const listed = await team.admin.client.json<{ endpoints: Endpoint[] }>(base());
    expect(listed.status).toBe(200);
    expect(listed.body.endpoints.map((endpoint) => endpoint.id)).toContain(created.body.endpoint.id);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.secret);
    const fetched = await team.owner.client.json(`${base()}/${created.body.endpoint.id}`);
    expect(JSON.stringify(fetched.body)).not.toContain(created.body.secret);

    const [row] = await sql<{ secretSealed: string }>(`SELECT "secretSealed" FROM "WebhookEndpoint" WHERE id = $1`, [
      created.body.endpoint.id,
    ]);
    expect(row.secretSealed).toMatch(/^v1\./);
    expect(row.secretSealed).not.toContain(created.body.secret.slice(6));
    const [audit] = await sql<{ action: string; target: string }>(
      `SELECT action, target FROM "AuditLog" WHERE metadata->>'endpointId' = $1 ORDER BY "createdAt"`,
      [created.body.endpoint.id],
    );
    expect(audit).toEqual({ action: "webhook.created", target: receiver.url });
  });

  it("refuses bad input with what to fix: unknown event types, no types, a URL that is not one, a private one when not allowed", async () => {
    const unknown = await create(team.admin, { url: receiver.url, event_types: ["inbox.item.deleted"] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.details?.issues).toEqual([expect.objectContaining({ path: "event_types.0" })]);
    expect((await create(team.admin, { url: receiver.url, event_types: [] })).body.error.message).toMatch(/at least one event type/);
    expect((await create(team.admin, { url: "not a url", event_types: ["run.completed"] })).body.error.message).toMatch(/absolute URL/);
    const ftp = await create(team.admin, { url: "ftp://example.com/hook", event_types: ["run.completed"] });
    expect(ftp.status).toBe(422);
    expect(ftp.body.error).toMatchObject({ code: "url_refused", message: expect.stringMatching(/not an http or https URL/) });
  });

  it("members get 403 and other organizations 404, for every route", async () => {
    const { body } = await create(team.admin, { url: receiver.url, event_types: ["run.completed"] });
    const id = body.endpoint.id;
    const routes: [string, string, unknown?][] = [
      ["GET", base()],
      ["POST", base(), { url: receiver.url, event_types: ["run.completed"] }],
      ["GET", `${base()}/${id}`],
      ["PATCH", `${base()}/${id}`, { enabled: false }],
      ["DELETE", `${base()}/${id}`],
      ["POST", `${base()}/${id}/rotate-secret`],
      ["POST", `${base()}/${id}/test`],
      ["GET", `${base()}/${id}/deliveries`],
    ];
    for (const [method, path, json] of routes) {
      const asMember = await team.member.client.json<ErrorBody>(path, { method, json });
      expect(asMember.status, `${method} ${path}`).toBe(403);
      const asOutsider = await outsider.client.json<ErrorBody>(path, { method, json });
      expect(asOutsider.status, `${method} ${path}`).toBe(404);
    }
    // An outsider's own organization does not reach this endpoint either.
    expect((await outsider.client.json(`${base(outsider.orgSlug)}/${id}`)).status).toBe(404);
    expect((await team.admin.client.json(`${base()}/${id}`)).body).toMatchObject({ endpoint: { enabled: true } });
  });

  it("an admin changes, rotates and deletes it; each is audited, and the new secret is shown once", async () => {
    const { body } = await create(team.admin, { url: receiver.url, event_types: ["run.completed"] });
    const id = body.endpoint.id;
    const patched = await team.admin.client.json<{ endpoint: Endpoint }>(`${base()}/${id}`, {
      method: "PATCH",
      json: { description: "Billing", event_types: ["approval.requested"], enabled: false },
    });
    expect(patched.body.endpoint).toMatchObject({ description: "Billing", event_types: ["approval.requested"], enabled: false });
    expect((await team.admin.client.json(`${base()}/${id}`, { method: "PATCH", json: {} })).status).toBe(422);

    const rotated = await team.admin.client.json<{ endpoint: Endpoint; secret: string }>(`${base()}/${id}/rotate-secret`, {
      method: "POST",
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(body.secret);
    expect(Date.parse(rotated.body.endpoint.previous_secret_expires_at!)).toBeGreaterThan(Date.now() + 23 * 3_600_000);

    const deleted = await team.admin.client.request(`${base()}/${id}`, { method: "DELETE" });
    expect(deleted.status).toBe(204);
    expect((await team.admin.client.json(`${base()}/${id}`)).status).toBe(404);
    const actions = await sql<{ action: string }>(`SELECT action FROM "AuditLog" WHERE metadata->>'endpointId' = $1 ORDER BY "createdAt"`, [
      id,
    ]);
    expect(actions.map((row) => row.action)).toEqual(["webhook.created", "webhook.updated", "webhook.secret_rotated", "webhook.deleted"]);
  });

  it("a test event reaches the receiver signed with the secret, shows as succeeded in the log, and a re-send keeps its webhook-id", async () => {
    const { body } = await create(team.admin, { url: `${receiver.url}?test`, event_types: ["run.completed"] });
    const sent = await team.admin.client.json<{ delivery_id: string; event_id: string }>(`${base()}/${body.endpoint.id}/test`, {
      method: "POST",
    });
    expect(sent.status).toBe(202);
    const [request] = await receiver.waitFor((all) => all.some((entry) => entry.path === "/hook?test"));
    const event = new Webhook(body.secret).verify(request.body, request.headers);
    expect(event).toMatchObject({ id: sent.body.event_id, type: "webhook.test", data: { endpoint_id: body.endpoint.id } });

    const [delivery] = await until(async () => {
      const list = await deliveries(body.endpoint.id);
      return list[0]?.status === "succeeded" && list;
    });
    expect(delivery).toMatchObject({ event_type: "webhook.test", attempts: [{ attempt_number: 1, response_status: 204 }] });

    const resent = await team.admin.client.json<{ delivery_id: string; event_id: string }>(
      `${base()}/${body.endpoint.id}/deliveries/${delivery.id}/resend`,
      { method: "POST" },
    );
    expect(resent.status).toBe(202);
    expect(resent.body.event_id).toBe(sent.body.event_id);
    const both = await receiver.waitFor((all) => all.filter((entry) => entry.path === "/hook?test").length === 2);
    expect(new Set(both.filter((entry) => entry.path === "/hook?test").map((entry) => entry.headers["webhook-id"]))).toEqual(
      new Set([sent.body.event_id]),
    );
    expect((await outsider.client.json(`${base()}/${body.endpoint.id}/deliveries/${delivery.id}/resend`, { method: "POST" })).status).toBe(
      404,
    );
  });
});
