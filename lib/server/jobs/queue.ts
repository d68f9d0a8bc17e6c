import PgBoss from "pg-boss";
import type { DueDelivery } from "@/lib/db/outbox";
import { logger } from "@/lib/server/logger";

/**
 * The job queue of the webhook worker: pg-boss 10 in its own schema `pgboss` (it creates and
 * migrates it itself at start), one queue of delivery attempts. Each job is one attempt
 * `{deliveryId, attempt}`, scheduled with `startAfter` by our own backoff (pg-boss's retries are
 * off: jitter and the retry window are ours). The queue's `short` policy keeps one queued job per
 * singleton key `<delivery>:<attempt>`, so enqueueing what is queued already adds nothing.
 */

export const PGBOSS_SCHEMA = "pgboss";
export const DELIVERY_QUEUE = "webhook-delivery";

export async function startQueue(databaseUrl: string, options: { jobTimeoutSeconds: number }): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString: databaseUrl, schema: PGBOSS_SCHEMA, max: 10, application_name: "handoff-worker" });
  boss.on("error", (error) => logger.error("the job queue reported an error", { error }));
  await boss.start();
  await boss.createQueue(DELIVERY_QUEUE, {
    name: DELIVERY_QUEUE,
    policy: "short",
    retryLimit: 0,
    expireInSeconds: options.jobTimeoutSeconds,
    retentionMinutes: 60,
  });
  return boss;
}

/** Enqueues attempts, each due at its `startAfter` (now when absent). */
export async function enqueueAttempts(boss: PgBoss, attempts: (DueDelivery & { startAfter?: Date })[]): Promise<void> {
  if (attempts.length === 0) return;
  await boss.insert(
    attempts.map(({ deliveryId, attempt, startAfter }) => ({
      name: DELIVERY_QUEUE,
      data: { deliveryId, attempt },
      singletonKey: `${deliveryId}:${attempt}`,
      retryLimit: 0,
      ...(startAfter && { startAfter: startAfter.toISOString() }),
    })),
  );
}
