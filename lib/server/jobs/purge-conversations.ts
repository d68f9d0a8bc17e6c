import type PgBoss from "pg-boss";
import { deleteExpiredExports } from "@/lib/db/organization-exports";
import { purgeDueConversations } from "@/lib/db/retention";
import { sweepAttachmentObjects } from "@/lib/server/attachments/sweep";
import { logger } from "@/lib/server/logger";

/**
 * The retention purge on the worker's job queue (docs/retention.md), with the attachments' bucket sweep
 * (docs/attachments.md) and expired organization exports: scheduled every ten minutes
 * with pg-boss's cron (one job per slot, whichever worker process takes it) and once when a worker
 * starts. The queue's `singleton` policy keeps one purge active at a time; the purge itself is
 * safe to overlap anyway (it locks what it deletes, SKIP LOCKED).
 */

export const PURGE_QUEUE = "conversation-purge";
export const PURGE_CRON = "*/10 * * * *";

export async function registerPurgeJob(boss: PgBoss): Promise<string> {
  await boss.createQueue(PURGE_QUEUE, {
    name: PURGE_QUEUE,
    policy: "singleton",
    retryLimit: 0,
    expireInSeconds: 15 * 60,
    retentionMinutes: 60,
  });
  await boss.schedule(PURGE_QUEUE, PURGE_CRON, {}, { tz: "UTC" });
  const workerId = await boss.work(PURGE_QUEUE, async () => {
    const result = await purgeDueConversations();
    const { storageKeys, ...counts } = result;
    if (counts.purged > 0 || counts.pendingAttachments > 0) logger.info("conversations purged", counts);
    // With a bucket (ATTACHMENT_STORE=s3): the purged files' objects, and objects no row names.
    const objects = await sweepAttachmentObjects(storageKeys);
    if (objects > 0) logger.info("attachment objects deleted", { objects });
    const exports = await deleteExpiredExports();
    if (exports > 0) logger.info("expired organization exports deleted", { exports });
  });
  await boss.send(PURGE_QUEUE, {}, { singletonKey: "start", retryLimit: 0 });
  return workerId;
}
