import { z } from "zod";

/**
 * Version 1 of the outbound webhook payloads (docs/webhooks.md), after cal.com's
 * `factory/versioned/`: each version is a frozen module; a change a receiver could notice (a field
 * removed, renamed or retyped) is a new module `v2.ts`, never an edit here. Adding an optional
 * field is not a new version.
 *
 * Every event is the envelope `{id, type, created_at, organization_id, data}`; `id` is the event's
 * id (also the `webhook-id` header, stable across retries). Keys are snake_case, times are ISO 8601
 * in UTC, absent values are `null` rather than missing.
 *
 * The producers (lib/db, in the transaction of the change) write these objects into
 * `OutboxEvent.payload`; the delivery sends the payload as it is.
 */

export const WEBHOOK_PAYLOAD_VERSION = 1;

const id = z.string().min(1).max(200);
const time = z.iso.datetime({ offset: true });
const json = z.json();

/** Who did it. Forms name their own kinds (agent, person, api, executor); inbox items and approvals use these. */
export const actorV1 = z.object({
  kind: z.enum(["member", "api_key", "inbound_webhook", "capability_link", "agent", "system"]),
  id: id.nullable(),
  name: z.string().nullable(),
});

export const inboxItemV1 = z.object({
  id,
  conversation_id: id,
  tag: z.string(),
  request: z.string(),
  blocking: z.boolean(),
  status: z.enum(["pending", "resolved", "consumed", "expired", "cancelled"]),
  correlation_key: z.string().nullable(),
  /** JSON Schema the response must satisfy, when the agent set one. */
  response_schema: z.record(z.string(), json).nullable(),
  expires_at: time.nullable(),
  created_at: time,
});

const approvalV1 = z.object({
  id,
  conversation_id: id,
  run_id: id,
  tool_name: z.string(),
  /** The call's input, as the card shows it. */
  input: json,
  /** Who may answer: any member, or owners and admins only. */
  answerable_by: z.enum(["member", "admin"]),
  requested_at: time,
});

const runV1 = z.object({
  run_id: id,
  conversation_id: id,
  /** The user whose message started the run; null when nobody typed (a resolved inbox item continued it). */
  started_by_id: id.nullable(),
  started_at: time,
  finished_at: time,
});

/** The `data` of each event type. */
export const webhookDataV1 = {
  "inbox.item.created": z.object({ item: inboxItemV1 }),
  "inbox.item.resolved": z.object({
    item: inboxItemV1,
    response: json,
    resolved_by: actorV1,
    resolved_at: time,
  }),
  "approval.requested": z.object({ approval: approvalV1 }),
  "approval.resolved": z.object({
    approval: approvalV1,
    decision: z.enum(["approved", "rejected"]),
    /** The reason the person gave with a rejection. */
    reason: z.string().nullable(),
    decided_by: actorV1,
    decided_at: time,
  }),
  /** Exactly what lib/db/postgres-form-adapter.ts writes with a submission (tests/unit/server/webhooks/payloads.test.ts). */
  "form.completed": z.object({
    submission_id: id,
    form: z.object({ id, key: z.string(), version: z.number().int() }),
    instance_id: id,
    conversation_id: id,
    values: z.record(z.string(), json),
    submitted_by: z.object({ kind: z.enum(["agent", "person", "api", "executor"]), id: id.nullable(), name: z.string().nullable() }),
  }),
  "run.completed": runV1,
  "run.failed": runV1.extend({
    /** The sentence the chat showed; never a stack trace or an upstream body. */
    error: z.object({ message: z.string() }),
  }),
  /** Additive in v1: what "Send test event" sends to one endpoint; no endpoint subscribes to it. */
  "webhook.test": z.object({ endpoint_id: id, message: z.string() }),
  /**
   * Additive in v1: this month's use of a metric reached 80% or 100% of the plan's limit (tokens: the
   * included allowance; on Pro also its hard cap, as `limit`), sent once per month, metric, percent and
   * limit, so a plan change brings the new plan's warnings (lib/server/billing/thresholds.ts).
   */
  "usage.threshold": z.object({
    metric: z.enum(["messages", "tokens", "api_requests"]),
    percent: z.union([z.literal(80), z.literal(100)]),
    used: z.number().int().nonnegative(),
    limit: z.number().int().positive(),
    /** The calendar month (UTC), `YYYY-MM`. */
    month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
    plan: z.enum(["free", "pro"]),
  }),
} as const;

export type WebhookEventType = keyof typeof webhookDataV1;
export const WEBHOOK_EVENT_TYPES = Object.keys(webhookDataV1) as WebhookEventType[];
export type WebhookDataV1<T extends WebhookEventType> = z.output<(typeof webhookDataV1)[T]>;

const envelope = <T extends WebhookEventType>(type: T) =>
  z.object({
    id,
    type: z.literal(type),
    created_at: time,
    organization_id: id,
    data: webhookDataV1[type],
  });

const envelopes = WEBHOOK_EVENT_TYPES.map(envelope) as {
  [K in WebhookEventType]: ReturnType<typeof envelope<K>>;
}[WebhookEventType][];
// Built once: an envelope built per event cost every turn a zod schema build and its first, slow parse.
const envelopeOf = new Map<WebhookEventType, (typeof envelopes)[number]>(
  envelopes.map((schema, index) => [WEBHOOK_EVENT_TYPES[index], schema]),
);

/** Any v1 event; `type` picks the shape of `data`. */
export const webhookEventV1 = z.discriminatedUnion("type", envelopes as [(typeof envelopes)[number], ...(typeof envelopes)[number][]]);
export type WebhookEventV1 = z.output<typeof webhookEventV1>;

/** A v1 event of `type`, checked against its schema (a producer's mistake throws here, not at the receiver). */
export function webhookEvent<T extends WebhookEventType>(
  type: T,
  event: { id: string; createdAt: Date | string; organizationId: string; data: WebhookDataV1<T> },
): Extract<WebhookEventV1, { type: T }> {
  return (envelopeOf.get(type) as ReturnType<typeof envelope<T>>).parse({
    id: event.id,
    type,
    created_at: typeof event.createdAt === "string" ? event.createdAt : event.createdAt.toISOString(),
    organization_id: event.organizationId,
    data: event.data,
  }) as Extract<WebhookEventV1, { type: T }>;
}
