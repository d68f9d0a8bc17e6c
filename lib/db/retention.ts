import { Prisma } from "./generated/client";
import { prisma } from "./client";
import { recordAudit } from "./audit";
import { purgeStalePendingAttachments } from "./attachments";

/**
 * Hard deletes of conversations (docs/retention.md): an organization's retention (no activity for
 * `retentionDays`), temporary conversations (24 hours without activity), and soft-deleted ones
 * once their undo window has passed. A conversation with a running or suspended run is kept until
 * the run ends: a purge never cuts a run or a durable wait.
 */

export const TEMPORARY_LIFETIME_MS = 24 * 60 * 60_000;
/** How long a deleted conversation can be restored; the purge deletes it for good after that. */
export const RESTORE_WINDOW_MS = 30 * 60_000;
/** Conversations per transaction: a batch holds its row locks briefly, whatever the backlog. */
export const PURGE_BATCH_SIZE = 100;

type Tx = Prisma.TransactionClient;

/**
 * Deletes the conversations `ids` of the organization and everything under them. Most rows go by
 * the foreign keys' cascade (stores, messages, runs, cards, run events, inbox items, demo emails,
 * feedback and whatever references Conversation with onDelete Cascade); the rows below are the
 * ones that hold a conversation id by value, with no foreign key.
 * tests/integration/db/retention-coverage.test.ts fails when a new table with a conversationId is in neither group.
 */
export async function purgeConversations(tx: Tx, organizationId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  // Inbound events that resolved one of its inbox items (matched by the item's public id).
  await tx.$executeRaw`
    DELETE FROM "InboundEvent" e USING "InboxItem" i
    WHERE i."conversationId" = ANY(${ids}) AND i."organizationId" = ${organizationId}
      AND e."organizationId" = ${organizationId} AND e."resolvedItemId" = i."publicId"`;
  // The capability keys of its inbox items and share links (lib/db/tenant-keys.ts): a global table the cascade does not reach.
  await tx.$executeRaw`
    DELETE FROM "TenantKey" k USING "InboxItem" i
    WHERE i."conversationId" = ANY(${ids}) AND i."organizationId" = ${organizationId}
      AND k."organizationId" = ${organizationId} AND k."kind" = 'inbox_item' AND k."key" = i."publicId"`;
  await tx.$executeRaw`
    DELETE FROM "TenantKey" k USING "ShareLink" l
    WHERE l."conversationId" = ANY(${ids}) AND l."organizationId" = ${organizationId}
      AND k."organizationId" = ${organizationId} AND k."kind" = 'share_link' AND k."key" = l."tokenHash"`;
  // Webhook deliveries (their attempts cascade) of the events about it, then the events.
  await tx.$executeRaw`
    DELETE FROM "WebhookDelivery" d USING "OutboxEvent" o
    WHERE o."conversationId" = ANY(${ids}) AND o."organizationId" = ${organizationId}
      AND d."organizationId" = ${organizationId} AND d."eventId" = o."id"`;
  await tx.outboxEvent.deleteMany({ where: { organizationId, conversationId: { in: ids } } });
  await tx.permissionRequest.deleteMany({ where: { organizationId, conversationId: { in: ids } } });
  // Usage entries stay, their conversation set null: they are what the month was metered and billed
  // for (docs/billing.md), and hold no content; the month's total remains the sum of its entries.
  await tx.usageEntry.updateMany({ where: { organizationId, conversationId: { in: ids } }, data: { conversationId: null } });
  // Form instances and submissions stay, their conversation set null: they are the organization's
  // records of the form (Forms → Submissions), not the conversation's content (schema.prisma).
  const { count } = await tx.conversation.deleteMany({ where: { organizationId, id: { in: ids } } });
  return count;
}

export type PurgeReason = "retention" | "temporary" | "deleted";

interface Candidate {
  id: string;
  organizationId: string;
  reason: PurgeReason;
}

// As listConversations passes its cursor: a Date, compared as the UTC timestamp the column holds.
const utc = (at: Date) => Prisma.sql`${at}::timestamp(3)`;

/**
 * One batch of purgeable conversations after `afterId` (keyset on id), locked; conversations another
 * purge holds are skipped (SKIP LOCKED), so concurrent purges do each one once.
 */
async function lockBatch(tx: Tx, now: Date, afterId: string, limit: number): Promise<Candidate[]> {
  const temporaryBefore = new Date(now.getTime() - TEMPORARY_LIFETIME_MS);
  const deletedBefore = new Date(now.getTime() - RESTORE_WINDOW_MS);
  return tx.$queryRaw<Candidate[]>`
    SELECT c."id", c."organizationId",
      CASE WHEN c."deletedAt" IS NOT NULL AND c."deletedAt" < ${utc(deletedBefore)} THEN 'deleted'
           WHEN c."temporary" AND c."lastActivityAt" < ${utc(temporaryBefore)} THEN 'temporary'
           ELSE 'retention' END AS "reason"
    FROM "Conversation" c
    JOIN "Organization" o ON o."id" = c."organizationId"
    WHERE c."id" > ${afterId}
      AND (
        (c."deletedAt" IS NOT NULL AND c."deletedAt" < ${utc(deletedBefore)})
        OR (c."temporary" AND c."lastActivityAt" < ${utc(temporaryBefore)})
        OR (o."retentionDays" IS NOT NULL
            AND c."lastActivityAt" < ${utc(now)} - make_interval(days => o."retentionDays"))
      )
      AND NOT EXISTS (
        SELECT 1 FROM "Run" r JOIN "AgentStore" s ON s."id" = r."storeId" AND s."organizationId" = r."organizationId"
        WHERE s."conversationId" = c."id" AND r."status" IN ('running', 'suspended')
      )
    ORDER BY c."id"
    LIMIT ${limit}
    FOR UPDATE OF c SKIP LOCKED`;
}

function byOrganization(rows: Candidate[]): Map<string, Candidate[]> {
  const groups = new Map<string, Candidate[]>();
  for (const row of rows) groups.set(row.organizationId, [...(groups.get(row.organizationId) ?? []), row]);
  return groups;
}

export interface PurgeResult {
  purged: number;
  batches: number;
  /** Pending files (uploaded for a first message never sent) deleted after 24 hours. */
  pendingAttachments: number;
  /** The bucket keys of the deleted files' rows (ATTACHMENT_STORE=s3): the job deletes those objects. */
  storageKeys: string[];
}

/** The bucket keys of these conversations' files, read before their rows go. */
async function storageKeysOf(tx: Tx, organizationId: string, ids: string[]): Promise<string[]> {
  const rows = await tx.attachment.findMany({
    where: { organizationId, conversationId: { in: ids }, storageKey: { not: null } },
    select: { storageKey: true },
  });
  return rows.flatMap((row) => (row.storageKey ? [row.storageKey] : []));
}

/**
 * Purges every conversation due at `now`, a batch per transaction, with one audit entry per
 * organization per batch (how many and why, never what they said); then the pending files older
 * than 24 hours.
 */
export async function purgeDueConversations(options: { now?: Date; batchSize?: number } = {}): Promise<PurgeResult> {
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? PURGE_BATCH_SIZE;
  let afterId = "";
  let purged = 0;
  let batches = 0;
  const storageKeys: string[] = [];
  for (;;) {
    const batch = await prisma.$transaction(async (tx) => {
      const candidates = await lockBatch(tx, now, afterId, batchSize);
      for (const [organizationId, rows] of byOrganization(candidates)) {
        storageKeys.push(
          ...(await storageKeysOf(
            tx,
            organizationId,
            rows.map((row) => row.id),
          )),
        );
        const count = await purgeConversations(
          tx,
          organizationId,
          rows.map((row) => row.id),
        );
        const reasons: Partial<Record<PurgeReason, number>> = {};
        for (const row of rows) reasons[row.reason] = (reasons[row.reason] ?? 0) + 1;
        await recordAudit({ organizationId, actorId: null, action: "conversations.purged", metadata: { count, reasons } }, tx);
      }
      return candidates;
    });
    if (batch.length > 0) {
      purged += batch.length;
      batches++;
      afterId = batch.at(-1)!.id;
    }
    if (batch.length < batchSize) break;
  }
  const pending = await prisma.$transaction((tx) => purgeStalePendingAttachments(tx, now));
  return { purged, batches, pendingAttachments: pending.count, storageKeys: [...storageKeys, ...pending.storageKeys] };
}
