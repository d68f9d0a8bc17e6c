import type PgBoss from "pg-boss";
import type { DueDelivery } from "@/lib/db/outbox";
import { serverEnv, type ServerEnv } from "@/lib/server/env";
import { logger } from "@/lib/server/logger";
import { attemptDelivery } from "@/lib/server/webhooks/outbound/attempt";
import { startDispatcher } from "@/lib/server/webhooks/outbound/dispatcher";
import { deliverySettings, type DeliverySettings } from "@/lib/server/webhooks/outbound/settings";
import { createExportQueue, EXPORT_QUEUE, type ExportJob } from "@/lib/server/exports/export-queue";
import { runOrganizationExport } from "@/lib/server/exports/organization-export-job";
import { DELIVERY_QUEUE, enqueueAttempts, startQueue } from "./queue";
import { registerMeterJob } from "./meter-overage";
import { registerPurgeJob } from "./purge-conversations";
import { startWorkerHeartbeat } from "./worker-heartbeat";

/**
 * The webhook worker (`npm run worker`, and beside Next in `npm run dev`): pg-boss, the outbox
 * dispatcher, and the delivery handler. Several pg-boss workers each fetch a batch and send its
 * attempts concurrently, so one process keeps many receivers busy; a slow receiver holds only
 * its own attempt (bounded by WEBHOOK_TIMEOUT_MS). A heartbeat line every minute says it lives
 * and what it did; a heartbeat row every few seconds tells /api/health the same. It also runs the
 * retention purge (purge-conversations.ts).
 */

const WORKERS = 4;
const BATCH_SIZE = 50;
const HEARTBEAT_MS = 60_000;

export interface WebhookWorker {
  /** Runs a dispatch pass now (tests, benchmarks). */
  pass(): Promise<void>;
  /** Stops taking jobs, lets the running ones finish, closes the connections. */
  stop(): Promise<void>;
}

export interface WorkerOptions {
  databaseUrl?: string;
  env?: ServerEnv;
  /** Overrides of the delivery settings (tests: an injected DNS lookup, fixed jitter). */
  settings?: Partial<DeliverySettings>;
}

export async function startWorker(options: WorkerOptions = {}): Promise<WebhookWorker> {
  const env = options.env ?? serverEnv();
  const databaseUrl = options.databaseUrl ?? env.DATABASE_URL;
  if (!databaseUrl) throw new Error("DATABASE_URL is not set: the webhook worker needs the app's database.");
  const settings = { ...deliverySettings(env), ...options.settings };
  const boss = await startQueue(databaseUrl, { jobTimeoutSeconds: Math.ceil(settings.timeoutMs / 1000) + 60 });
  const workerIds: string[] = [];
  let attempts = 0;

  const wake = () => {
    for (const id of workerIds) boss.notifyWorker(id);
  };
  const enqueue = async (due: (DueDelivery & { startAfter?: Date })[]) => {
    await enqueueAttempts(boss, due);
    // A job is fetched when it is due rather than at the next poll: at once, or at its startAfter
    // (a retry scheduled by this process; another process's poll picks it up otherwise).
    if (due.some((job) => !job.startAfter)) wake();
    for (const job of due) if (job.startAfter) setTimeout(wake, Math.max(0, job.startAfter.getTime() - Date.now())).unref();
  };

  const handle = async (jobs: PgBoss.Job<DueDelivery>[]) => {
    await Promise.all(
      jobs.map(async (job) => {
        try {
          const next = await attemptDelivery(job.data, settings);
          attempts++;
          if (next) await enqueue([{ ...next.next, startAfter: next.at }]);
        } catch (error) {
          // The delivery stays pending with its lease; the periodic pass enqueues it again.
          logger.error("a webhook attempt failed before its outcome was recorded", { error, deliveryId: job.data.deliveryId });
        }
      }),
    );
  };

  for (let index = 0; index < WORKERS; index++) {
    workerIds.push(await boss.work<DueDelivery>(DELIVERY_QUEUE, { batchSize: BATCH_SIZE, pollingIntervalSeconds: 0.5 }, handle));
  }
  // Organization exports (docs/export.md): one at a time per worker; a thrown job is retried by pg-boss.
  await createExportQueue(boss);
  await boss.work<ExportJob>(EXPORT_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, ([job]) => runOrganizationExport(job.data));
  await registerPurgeJob(boss);
  // Pro's overage to Stripe's meter (billing on, with an overage price).
  await registerMeterJob(boss);
  const dispatcher = startDispatcher({ databaseUrl, pollMs: env.WEBHOOK_DISPATCH_POLL_MS, enqueue });
  const beating = startWorkerHeartbeat(databaseUrl);
  const heartbeat = setInterval(() => {
    logger.info("webhook worker alive", { attemptsSinceLastBeat: attempts });
    attempts = 0;
  }, HEARTBEAT_MS);
  heartbeat.unref();
  logger.info("webhook worker started", { workers: WORKERS, batchSize: BATCH_SIZE });

  return {
    pass: () => dispatcher.pass(),
    async stop() {
      clearInterval(heartbeat);
      await beating.stop();
      await dispatcher.stop();
      await boss.stop({ graceful: true, wait: true, timeout: settings.timeoutMs + 5_000 });
    },
  };
}
