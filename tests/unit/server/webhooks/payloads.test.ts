import { describe, expect, it } from "vitest";
import { WEBHOOK_EVENT_TYPES, webhookEvent, webhookEventV1 } from "@/lib/schemas/webhook-payloads/v1";

const at = "2030-01-02T03:04:05.678Z";
const envelope = { id: "7d3c2a4e-0f7e-4a53-9a1e-6d2b8c0f9e11", created_at: at, organization_id: "cmorg0000000000000000001" };

/** What lib/db/postgres-form-adapter.ts writes into OutboxEvent.payload (see tests/integration/forms/postgres-form-adapter.test.ts). */
const formCompleted = {
  ...envelope,
  type: "form.completed",
  data: {
    submission_id: "0b5f3c1e-3f1c-4a8e-9d2e-1c3b5a7d9e0f",
    form: { id: "cmform000000000000000001", key: "expense-claim", version: 2 },
    instance_id: "form-5e0c",
    conversation_id: "cmconv000000000000000001",
    values: { mode: "rail", amount: { value: 120.5, currency: "EUR" }, notes: null, receipts: ["fuel", "hotel"], billable: true },
    submitted_by: { kind: "person", id: "cmuser000000000000000001", name: "Ada" },
  },
};

const item = {
  id: "cminbox00000000000000001",
  conversation_id: "cmconv000000000000000001",
  tag: "purchase-order",
  request: "Approve PO 4711 for 1,200 EUR",
  blocking: true,
  status: "pending",
  correlation_key: "po-4711",
  response_schema: { type: "object", properties: { approved: { type: "boolean" } }, required: ["approved"] },
  expires_at: null,
  created_at: at,
};
const approval = {
  id: "call_1",
  conversation_id: "cmconv000000000000000001",
  run_id: "run_1",
  tool_name: "send_email",
  input: { to: "ops@example.com" },
  answerable_by: "admin",
  requested_at: at,
};
const run = { run_id: "run_1", conversation_id: "cmconv000000000000000001", started_by_id: null, started_at: at, finished_at: at };

const examples = {
  "inbox.item.created": { item },
  "inbox.item.resolved": {
    item: { ...item, status: "resolved" },
    response: { approved: true },
    resolved_by: { kind: "api_key", id: "key_1", name: "ERP" },
    resolved_at: at,
  },
  "approval.requested": { approval },
  "approval.resolved": {
    approval,
    decision: "rejected",
    reason: "Not this week",
    decided_by: { kind: "member", id: "u1", name: "Ada" },
    decided_at: at,
  },
  "form.completed": formCompleted.data,
  "run.completed": run,
  "run.failed": { ...run, error: { message: "The model provider refused the key." } },
  "webhook.test": { endpoint_id: "cm_endpoint", message: "A test event from Handoff." },
  "usage.threshold": { metric: "tokens", percent: 80, used: 800_000, limit: 1_000_000, month: "2030-01", plan: "free" },
};

describe("webhook payloads v1", () => {
  it("parse the form.completed payload the Postgres form adapter writes, unchanged", () => {
    expect(webhookEventV1.parse(formCompleted)).toEqual(formCompleted);
  });

  it("have a schema and an example for every event type", () => {
    expect(WEBHOOK_EVENT_TYPES).toEqual([
      "inbox.item.created",
      "inbox.item.resolved",
      "approval.requested",
      "approval.resolved",
      "form.completed",
      "run.completed",
      "run.failed",
      "webhook.test",
      "usage.threshold",
    ]);
    for (const type of WEBHOOK_EVENT_TYPES) {
      const event = { ...envelope, type, data: examples[type] };
      expect(webhookEventV1.parse(event), type).toEqual(event);
    }
  });

  it("the type picks the shape of data", () => {
    expect(webhookEventV1.safeParse({ ...envelope, type: "run.failed", data: run }).success).toBe(false);
    expect(webhookEventV1.safeParse({ ...envelope, type: "inbox.item.created", data: formCompleted.data }).success).toBe(false);
    expect(webhookEventV1.safeParse({ ...envelope, type: "inbox.item.deleted", data: {} }).success).toBe(false);
    expect(webhookEventV1.safeParse({ ...formCompleted, created_at: "yesterday" }).success).toBe(false);
  });

  it("usage.threshold takes only the thresholds, metrics and months it is sent for", () => {
    const valid = { ...envelope, type: "usage.threshold", data: examples["usage.threshold"] };
    expect(webhookEventV1.safeParse(valid).success).toBe(true);
    for (const data of [{ percent: 90 }, { metric: "seats" }, { month: "2030-13" }, { limit: 0 }, { used: 1.5 }])
      expect(webhookEventV1.safeParse({ ...valid, data: { ...valid.data, ...data } }).success, JSON.stringify(data)).toBe(false);
  });

  it("webhookEvent builds a checked envelope, and throws on a producer's mistake", () => {
    const event = webhookEvent("run.completed", { id: "evt_1", createdAt: new Date(at), organizationId: "org_1", data: run });
    expect(event).toEqual({ id: "evt_1", type: "run.completed", created_at: at, organization_id: "org_1", data: run });
    expect(() =>
      webhookEvent("inbox.item.created", {
        id: "evt_2",
        createdAt: at,
        organizationId: "org_1",
        data: { item: { ...item, status: "lost" } } as never,
      }),
    ).toThrow();
  });
});
