// Inbound events against Postgres: matched by tag and correlation key through the one resolve path,
// kept and then matched by an item posted later (the agent's `posted` hook and the sweep), kept past
// the window → expired, a duplicate sender id answered with its first outcome, a conflict, an
// off-schema answer, and refused signatures logged.
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { findInboxItem } from "@/lib/db/inbox-items";
import { AppError } from "@/lib/server/http/app-error";
import { agentInbox } from "@/lib/server/inbox/agent-inbox";
import { resolveInboxItem } from "@/lib/server/inbox/resolve-item";
import { sweepKeptEvents } from "@/lib/server/webhooks/inbound/early-events";
import { receiveInboundEvent } from "@/lib/server/webhooks/inbound/receive";
import { hubSignature, signWebhook } from "@/lib/server/webhooks/signing";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { financeEndpoint, postInboxItem } from "@/tests/integration/support/inbox-items";
import { createTenant } from "../store/support";

let address = 0;
/** POSTs `payload` to the endpoint signed GitHub-style (or signed with `secret` when given); a fresh address per call. */
async function send(
  endpoint: { row: { id: string }; secret: string },
  payload: unknown,
  options: { delivery?: string; secret?: string; now?: Date } = {},
) {
  const body = JSON.stringify(payload);
  const request = new Request(`http://localhost/api/inbound/${endpoint.row.id}`, {
    method: "POST",
    body,
    headers: {
      "content-type": "application/json",
      "x-hub-signature-256": hubSignature(body, options.secret ?? endpoint.secret),
      "x-github-delivery": options.delivery ?? randomUUID(),
    },
  });
  try {
    return await receiveInboundEvent(endpoint.row.id, request, `192.0.2.${++address}`, options.now);
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, error };
    throw error;
  }
}

const postItem = postInboxItem;

const events = (endpointId: string) => getTestPrisma().inboundEvent.findMany({ where: { endpointId }, orderBy: { receivedAt: "asc" } });

describe("inbound events", () => {
  beforeEach(() => vi.stubEnv("ENCRYPTION_KEY", "integration-test-key"));

  it("resolve the pending item with a tag of the endpoint and the event's correlation key, as the endpoint", async () => {
    const tenant = await createTenant("inbound-match");
    const endpoint = await financeEndpoint(tenant);
    const other = await postItem(tenant, { tag: "legal" });
    const { publicId } = await postItem(tenant);
    const answer = await send(endpoint, { data: { order_id: "ORD-42", approved: true } });
    expect(answer).toMatchObject({ status: 200, receipt: { outcome: "matched", item_id: publicId, duplicate: false } });
    const item = await findInboxItem(tenant, publicId);
    expect(item).toMatchObject({
      status: "resolved",
      responseValue: { order_id: "ORD-42", approved: true },
      resolvedByKind: "inbound_webhook",
      resolvedById: endpoint.row.id,
      resolvedByName: "Finance system",
    });
    expect((await findInboxItem(tenant, other.publicId))?.status).toBe("pending");
    expect(await events(endpoint.row.id)).toEqual([
      expect.objectContaining({ verification: "verified", outcome: "matched", correlationKey: "ORD-42", resolvedItemId: publicId }),
    ]);
  });

  it("holding NUL characters are stored cleaned and matched, never a 500", async () => {
    const tenant = await createTenant("inbound-nul");
    const endpoint = await financeEndpoint(tenant);
    const { publicId } = await postItem(tenant, { correlation_key: "ORD-7" });
    const answer = await send(endpoint, { data: { order_id: "ORD-\u00007", note: "ok\u0000" } });
    expect(answer).toMatchObject({ status: 200, receipt: { outcome: "matched", item_id: publicId } });
    expect((await findInboxItem(tenant, publicId))?.responseValue).toEqual({ order_id: "ORD-7", note: "ok" });
  });

  it("never reach another organization's items", async () => {
    const tenant = await createTenant("inbound-own");
    const victim = await createTenant("inbound-victim");
    const endpoint = await financeEndpoint(tenant);
    const { publicId } = await postItem(victim);
    const answer = await send(endpoint, { data: { order_id: "ORD-42" } });
    expect(answer).toMatchObject({ status: 202, receipt: { outcome: "kept" } });
    expect((await findInboxItem(victim, publicId))?.status).toBe("pending");
  });

  it("are kept when nothing waits yet, and resolve an item posted later through the posted hook", async () => {
    const tenant = await createTenant("inbound-early");
    const endpoint = await financeEndpoint(tenant);
    const before = Date.now();
    const answer = await send(endpoint, { data: { order_id: "ORD-42", approved: true } });
    expect(answer).toMatchObject({ status: 202, receipt: { outcome: "kept", item_id: null } });
    const keptUntil = Date.parse((answer as { receipt: { kept_until: string } }).receipt.kept_until);
    expect(keptUntil).toBeGreaterThanOrEqual(before + 60 * 60_000);

    const { stored, publicId } = await postItem(tenant);
    await agentInbox(tenant).posted!(stored);
    expect(await findInboxItem(tenant, publicId)).toMatchObject({
      status: "resolved",
      responseValue: { order_id: "ORD-42", approved: true },
    });
    expect(await events(endpoint.row.id)).toEqual([expect.objectContaining({ outcome: "matched", resolvedItemId: publicId })]);

    // Claimed once: a second item with the key finds nothing waiting.
    const second = await postItem(tenant);
    await agentInbox(tenant).posted!(second.stored);
    expect((await findInboxItem(tenant, second.publicId))?.status).toBe("pending");
  });

  it("kept ones are matched by the sweep (a crash between post and match), and expire past their window", async () => {
    const tenant = await createTenant("inbound-sweep");
    const endpoint = await financeEndpoint(tenant);
    const late = await financeEndpoint(tenant, { name: "Short window", earlyWindowMinutes: 1 });
    await send(endpoint, { data: { order_id: "ORD-42", approved: true } });
    await send(late, { data: { order_id: "ORD-7" } });
    const { publicId } = await postItem(tenant);
    await sweepKeptEvents();
    expect((await findInboxItem(tenant, publicId))?.status).toBe("resolved");

    await sweepKeptEvents(new Date(Date.now() + 2 * 60_000));
    expect(await events(late.row.id)).toEqual([expect.objectContaining({ outcome: "expired" })]);
    const expiredItem = await postItem(tenant, { correlation_key: "ORD-7" });
    await agentInbox(tenant).posted!(expiredItem.stored);
    expect((await findInboxItem(tenant, expiredItem.publicId))?.status).toBe("pending");
  });

  it("with a sender id already seen answer 200 with the first outcome and change nothing", async () => {
    const tenant = await createTenant("inbound-dup");
    const endpoint = await financeEndpoint(tenant);
    const { publicId } = await postItem(tenant);
    const first = await send(endpoint, { data: { order_id: "ORD-42", approved: true } }, { delivery: "delivery-1" });
    const again = await send(endpoint, { data: { order_id: "ORD-42", approved: false } }, { delivery: "delivery-1" });
    expect(first).toMatchObject({ status: 200, receipt: { outcome: "matched", duplicate: false } });
    expect(again).toMatchObject({ status: 200, receipt: { outcome: "matched", item_id: publicId, duplicate: true } });
    expect((await findInboxItem(tenant, publicId))?.responseValue).toEqual({ order_id: "ORD-42", approved: true });
    expect(await events(endpoint.row.id)).toHaveLength(1);
  });

  it("answering an item already answered differently are a logged conflict (409); the identical answer is a no-op", async () => {
    const tenant = await createTenant("inbound-conflict");
    const endpoint = await financeEndpoint(tenant);
    const { publicId } = await postItem(tenant);
    await resolveInboxItem(tenant, publicId, { order_id: "ORD-42", approved: false }, { kind: "member", id: tenant.userId, name: "Owner" });
    const answer = await send(endpoint, { data: { order_id: "ORD-42", approved: true } });
    expect(answer).toMatchObject({ status: 409 });
    expect((answer as { error: AppError }).error.details).toMatchObject({ item: { id: publicId, response: { approved: false } } });
    const same = await send(endpoint, { data: { order_id: "ORD-42", approved: false } });
    expect(same).toMatchObject({ status: 200, receipt: { outcome: "matched" } });
    expect((await events(endpoint.row.id)).map((event) => event.outcome)).toEqual(["conflict", "matched"]);
    expect((await findInboxItem(tenant, publicId))?.resolvedByKind).toBe("member");
  });

  it("that do not fit the item's response schema are refused with the issues (422) and leave it pending", async () => {
    const tenant = await createTenant("inbound-schema");
    const endpoint = await financeEndpoint(tenant);
    const schema = { type: "object", properties: { approved: { type: "boolean" } }, required: ["approved"] };
    const { publicId } = await postItem(tenant, { response_schema: schema });
    const answer = await send(endpoint, { data: { order_id: "ORD-42", approved: "yes" } });
    expect(answer).toMatchObject({ status: 422 });
    expect((answer as { error: AppError }).error.details).toMatchObject({
      issues: [expect.objectContaining({ path: expect.stringContaining("approved") })],
    });
    expect((await findInboxItem(tenant, publicId))?.status).toBe("pending");
    expect(await events(endpoint.row.id)).toEqual([
      expect.objectContaining({ verification: "verified", outcome: "refused", resolvedItemId: null }),
    ]);
  });

  it("with a bad signature, not JSON or without a key are logged: refused 401, refused 400, unmatched 202", async () => {
    const tenant = await createTenant("inbound-refused");
    const endpoint = await financeEndpoint(tenant);
    const refused = await send(endpoint, { data: { order_id: "ORD-42" } }, { secret: "not the secret" });
    expect(refused).toMatchObject({ status: 401 });
    expect((refused as { error: AppError }).error.message).toBe("The event was refused: the signature does not match.");
    const notJson = new Request("http://localhost/", {
      method: "POST",
      body: "{nope",
      headers: { "x-hub-signature-256": hubSignature("{nope", endpoint.secret) },
    });
    await expect(receiveInboundEvent(endpoint.row.id, notJson, "192.0.2.250")).rejects.toMatchObject({ status: 400 });
    expect(await send(endpoint, { data: {} })).toMatchObject({ status: 202, receipt: { outcome: "unmatched" } });
    expect((await events(endpoint.row.id)).map((event) => [event.verification, event.outcome, event.response])).toEqual([
      ["refused", "refused", null],
      ["verified", "refused", null],
      ["verified", "unmatched", null],
    ]);
  });

  it("from Standard Webhooks and bearer senders are verified by their kind; a replayed webhook-id is a duplicate", async () => {
    const tenant = await createTenant("inbound-kinds");
    const { row: standardRow, ...standard } = await financeEndpoint(tenant, { authKind: "standard_webhooks" });
    const { row: bearerRow, ...bearer } = await financeEndpoint(tenant, { authKind: "bearer" });
    const first = await postItem(tenant, { correlation_key: "ORD-1" });
    const second = await postItem(tenant, { correlation_key: "ORD-2" });

    const body = JSON.stringify({ data: { order_id: "ORD-1", approved: true } });
    const signed = () =>
      new Request("http://localhost/", {
        method: "POST",
        body,
        headers: { ...signWebhook({ id: "msg_1", timestamp: new Date(), body }, [standard.secret]) },
      });
    expect(await receiveInboundEvent(standardRow.id, signed(), "192.0.2.200")).toMatchObject({
      status: 200,
      receipt: { outcome: "matched", item_id: first.publicId },
    });
    expect(await receiveInboundEvent(standardRow.id, signed(), "192.0.2.200")).toMatchObject({ status: 200, receipt: { duplicate: true } });

    const byToken = (token: string) =>
      new Request("http://localhost/", {
        method: "POST",
        body: JSON.stringify({ data: { order_id: "ORD-2" } }),
        headers: { authorization: `Bearer ${token}` },
      });
    await expect(receiveInboundEvent(bearerRow.id, byToken(standard.secret), "192.0.2.201")).rejects.toMatchObject({ status: 401 });
    expect(await receiveInboundEvent(bearerRow.id, byToken(bearer.secret), "192.0.2.201")).toMatchObject({
      status: 200,
      receipt: { outcome: "matched", item_id: second.publicId },
    });
    expect((await events(bearerRow.id)).map((event) => event.outcome)).toEqual(["refused", "matched"]);
  });

  it("to an unknown or disabled endpoint are 404", async () => {
    const tenant = await createTenant("inbound-404");
    const endpoint = await financeEndpoint(tenant);
    await getTestPrisma().inboundEndpoint.updateMany({ where: { id: endpoint.row.id }, data: { enabled: false } });
    expect(await send(endpoint, { data: { order_id: "ORD-42" } })).toMatchObject({ status: 404 });
    expect(await send({ ...endpoint, row: { id: "nonexistent" } }, {})).toMatchObject({ status: 404 });
  });
});
