import { randomUUID } from "node:crypto";
import { canonicalJson } from "@/lib/agent/canonical-json";
import type { FieldIssue } from "@/lib/agent/errors";
import type { InboxItem, InboxResolver } from "@/lib/agent/store-adapter";
import { storableJson } from "@/lib/schemas/text";
import type { V1InboxItem } from "@/lib/schemas/v1-inbox";
import { webhookEvent, type WebhookDataV1 } from "@/lib/schemas/webhook-payloads/v1";
import type { InboxItem as InboxItemRow, Prisma, PrismaClient } from "./generated/client";
import { prisma } from "./client";
import { toDate, toDateOrNull } from "./store/records";
import { claimTenantKey } from "./tenant-keys";

/**
 * The inbox items' rows as the world sees them (by `publicId`, in the organization) and the two writes
 * that announce themselves to other systems: posting (`inbox.item.created`) and resolving
 * (`inbox.item.resolved`), each with its OutboxEvent in the same transaction.
 */

/** The text the agent reads of an answer: a string as it is, anything else as its JSON. */
export const responseText = (value: unknown) => (typeof value === "string" ? value : canonicalJson(value));

const resolverOf = (row: InboxItemRow): InboxResolver | null =>
  row.resolvedByKind ? { kind: row.resolvedByKind as InboxResolver["kind"], id: row.resolvedById, name: row.resolvedByName } : null;

/** The wire item of /api/v1 and the inbox page; the webhook payloads' item is its first fields. */
export function inboxItemWire(row: InboxItemRow): V1InboxItem {
  return {
    id: row.publicId,
    conversation_id: row.conversationId,
    tag: row.tag,
    request: row.request,
    blocking: row.blocking,
    status: row.status as V1InboxItem["status"],
    correlation_key: row.correlationKey,
    response_schema: (row.responseSchema as V1InboxItem["response_schema"]) ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    response: (row.responseValue as V1InboxItem["response"]) ?? (row.response === null ? null : row.response),
    resolved_by: resolverOf(row),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
  };
}

const payloadItem = (row: InboxItemRow): WebhookDataV1<"inbox.item.created">["item"] => {
  const { response: _response, resolved_by: _by, resolved_at: _at, ...item } = inboxItemWire(row);
  return item;
};

function outboxRow<T extends "inbox.item.created" | "inbox.item.resolved">(type: T, row: InboxItemRow, data: WebhookDataV1<T>, at: Date) {
  const id = `evt_${randomUUID().replaceAll("-", "")}`;
  const payload = webhookEvent(type, { id, createdAt: at, organizationId: row.organizationId, data });
  return { id, organizationId: row.organizationId, type, payload: payload as Prisma.InputJsonValue, createdAt: at };
}

/** Where a store's item lives. */
export interface InboxItemScope {
  storeId: string;
  organizationId: string;
  conversationId: string;
}

/**
 * Inserts a posted item, the TenantKey of the public id the database gave it, and its `inbox.item.created`
 * event in one transaction. A re-executed tool call (same id) inserts nothing and announces nothing.
 */
export async function postInboxItem(db: PrismaClient, scope: InboxItemScope, posted: InboxItem): Promise<void> {
  const item = storableJson(posted);
  await db.$transaction(async (tx) => {
    const [row] = await tx.inboxItem.createManyAndReturn({
      data: [
        {
          ...scope,
          id: item.id,
          tag: item.tag,
          request: item.request,
          response: item.response,
          status: item.status,
          blocking: item.blocking,
          createdAt: toDate(item.created_at),
          resolvedAt: toDateOrNull(item.resolved_at),
          correlationKey: item.correlation_key ?? null,
          responseSchema: (item.response_schema ?? undefined) as Prisma.InputJsonValue | undefined,
          expiresAt: toDateOrNull(item.expires_at ?? null),
        },
      ],
      skipDuplicates: true,
    });
    if (!row) return;
    await claimTenantKey(tx, "inbox_item", row.publicId, row.organizationId);
    await tx.outboxEvent.create({ data: outboxRow("inbox.item.created", row, { item: payloadItem(row) }, row.createdAt) });
  });
}

/** Checks an answer against the item's response schema: the problems per field, or null when it fits. */
export type ResponseChecker = (schema: Record<string, unknown>, value: unknown) => FieldIssue[] | null;

export type InboxResolveOutcome =
  /** This answer won: the item is resolved now. */
  | { kind: "resolved"; row: InboxItemRow }
  /** The identical answer had already won: nothing changed. */
  | { kind: "same"; row: InboxItemRow }
  /** A different answer had already won. */
  | { kind: "conflict"; row: InboxItemRow }
  /** The item expired or was cancelled before this answer; `expiredNow`: found past its expiry and marked so by this call. */
  | { kind: "closed"; row: InboxItemRow; expiredNow: boolean }
  /** The answer does not fit the item's response schema. */
  | { kind: "invalid"; row: InboxItemRow; issues: FieldIssue[] }
  | { kind: "not_found" };

/**
 * Resolves the organization's item `publicId` with `value`, first answer wins. Two round trips, no explicit
 * transaction: the item is read and the answer checked against it (status, expiry, its response schema), then
 * ONE conditional statement writes the answer (only while the item is still pending and unexpired) together
 * with its `inbox.item.resolved` event. When that statement finds the item no longer pending (a concurrent
 * answer won), the item is read again and judged as it now is. An item found past its expiry is marked
 * expired here (as the sweep would), and the answer refused.
 */
export async function resolveInboxItemRow(
  tenant: { organizationId: string },
  publicId: string,
  value: unknown,
  resolver: InboxResolver,
  check: ResponseChecker,
  now = new Date(),
): Promise<InboxResolveOutcome> {
  const answer = storableJson(value);
  for (;;) {
    const row = await findInboxItem(tenant, publicId);
    if (!row) return { kind: "not_found" };
    if (row.status === "resolved" || row.status === "consumed") {
      const same = canonicalJson(row.responseValue ?? row.response) === canonicalJson(answer);
      return { kind: same ? "same" : "conflict", row };
    }
    if (row.status !== "pending") return { kind: "closed", row, expiredNow: false };
    if (row.expiresAt && row.expiresAt <= now) {
      const [expired] = await prisma.$queryRaw<InboxItemRow[]>`
        UPDATE "InboxItem" SET "status" = 'expired'
        WHERE "organizationId" = ${tenant.organizationId} AND "publicId" = ${publicId} AND "status" = 'pending' RETURNING *`;
      if (expired) return { kind: "closed", row: expired, expiredNow: true };
      continue;
    }
    const issues = row.responseSchema ? check(row.responseSchema as Record<string, unknown>, answer) : null;
    if (issues) return { kind: "invalid", row, issues };
    const resolved = await writeAnswer(row, answer, resolver, now);
    if (resolved) return { kind: "resolved", row: resolved };
  }
}

/** The answer and its event in one statement, only while the item is pending and unexpired; null when it no longer was. */
async function writeAnswer(row: InboxItemRow, answer: unknown, resolver: InboxResolver, now: Date): Promise<InboxItemRow | null> {
  const text = responseText(answer);
  const expected: InboxItemRow = {
    ...row,
    status: "resolved",
    response: text,
    responseValue: answer as InboxItemRow["responseValue"],
    resolvedAt: now,
    resolvedByKind: resolver.kind,
    resolvedById: resolver.id,
    resolvedByName: resolver.name,
  };
  const event = outboxRow(
    "inbox.item.resolved",
    expected,
    { item: payloadItem(expected), response: answer as never, resolved_by: resolver, resolved_at: now.toISOString() },
    now,
  );
  const [written] = await prisma.$queryRaw<InboxItemRow[]>`
    WITH updated AS (
      UPDATE "InboxItem" SET "status" = 'resolved', "response" = ${text}, "responseValue" = ${JSON.stringify(answer)}::jsonb,
        "resolvedAt" = ${now}::timestamp(3), "resolvedByKind" = ${resolver.kind}, "resolvedById" = ${resolver.id}, "resolvedByName" = ${resolver.name}
      WHERE "publicId" = ${row.publicId} AND "organizationId" = ${row.organizationId} AND "status" = 'pending'
        AND ("expiresAt" IS NULL OR "expiresAt" > ${now}::timestamp(3))
      RETURNING *
    ), announced AS (
      INSERT INTO "OutboxEvent" ("id", "organizationId", "type", "payload", "createdAt")
      SELECT ${event.id}, u."organizationId", ${event.type}, ${JSON.stringify(event.payload)}::jsonb, ${now}::timestamp(3) FROM updated u
    )
    SELECT * FROM updated`;
  return written ?? null;
}

/** One item of the organization by its public id, or null (another organization's alike, and a deleted conversation's). */
export async function findInboxItem(tenant: { organizationId: string }, publicId: string): Promise<InboxItemRow | null> {
  return prisma.inboxItem.findFirst({ where: { publicId, organizationId: tenant.organizationId, conversation: { deletedAt: null } } });
}

/** Pending items past their expiry, oldest first: marked expired, each returned once (the sweep's). */
export async function expireOverdueInboxItems(now = new Date(), limit = 100): Promise<InboxItemRow[]> {
  return prisma.$queryRaw<InboxItemRow[]>`
    UPDATE "InboxItem" SET "status" = 'expired'
    WHERE ("storeId", "id") IN (
      SELECT "storeId", "id" FROM "InboxItem"
      WHERE "status" = 'pending' AND "expiresAt" <= ${now}
      ORDER BY "expiresAt" LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING *`;
}

/**
 * Blocking items settled at least `settledBefore` ago whose conversation the agent has not been told of, and
 * whose conversation has no run under way: their continuation was lost (its request failed, its server died
 * before launching it). Only the conversation's own store (a subagent's items are read by its parent run).
 */
export async function untoldBlockingItems(settledBefore: Date, limit = 50): Promise<InboxItemRow[]> {
  return prisma.$queryRaw<InboxItemRow[]>`
    SELECT i.* FROM "InboxItem" i
    JOIN "AgentStore" s ON s."id" = i."storeId" AND s."organizationId" = i."organizationId" AND s."namespace" = ''
    JOIN "Conversation" c ON c."id" = i."conversationId" AND c."organizationId" = i."organizationId" AND c."deletedAt" IS NULL
    WHERE i."blocking" AND (i."status" = 'resolved' OR (i."status" IN ('expired', 'cancelled') AND i."consumedAt" IS NULL))
      AND COALESCE(i."resolvedAt", i."expiresAt", i."createdAt") < ${settledBefore}::timestamp(3)
      AND NOT EXISTS (SELECT 1 FROM "Run" r WHERE r."storeId" = i."storeId" AND r."status" IN ('running', 'suspended'))
    ORDER BY i."seq" LIMIT ${limit}`;
}
