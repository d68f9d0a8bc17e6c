import PgBoss from "pg-boss";
import { PGBOSS_SCHEMA } from "@/lib/server/jobs/queue";
import { logger } from "@/lib/server/logger";

/**
 * The organization export's queue on the webhook worker's pg-boss (docs/export.md). One job per
 * export `{exportId, organizationId}`; a job that dies with its worker expires and is retried,
 * and the handler starts that export over (its chunks are replaced), so a retry never doubles lines.
 */

export const EXPORT_QUEUE = "organization-export";
export const EXPORT_JOB_TIMEOUT_SECONDS = 30 * 60;

export interface ExportJob {
  exportId: string;
  organizationId: string;
}

/** Creates the queue (idempotent: pg-boss inserts it ON CONFLICT DO NOTHING). */
export function createExportQueue(boss: PgBoss) {
  return boss.createQueue(EXPORT_QUEUE, {
    name: EXPORT_QUEUE,
    policy: "standard",
    retryLimit: 2,
    retryDelay: 5,
    expireInSeconds: EXPORT_JOB_TIMEOUT_SECONDS,
    retentionMinutes: 60,
  });
}

let sender: Promise<PgBoss> | null = null;

/**
 * The web process's handle on the queue, to send jobs only: no supervision or schedules (the worker
 * does those), two connections. Started on the first export and kept; a failed start is tried again next time.
 */
function exportSender(databaseUrl: string): Promise<PgBoss> {
  sender ??= (async () => {
    const boss = new PgBoss({
      connectionString: databaseUrl,
      schema: PGBOSS_SCHEMA,
      max: 2,
      supervise: false,
      schedule: false,
      application_name: "handoff-web-exports",
    });
    boss.on("error", (error) => logger.error("the export queue reported an error", { error }));
    await boss.start();
    await createExportQueue(boss);
    return boss;
  })().catch((error) => {
    sender = null;
    throw error;
  });
  return sender;
}

export async function enqueueExport(databaseUrl: string, job: ExportJob): Promise<void> {
  const boss = await exportSender(databaseUrl);
  await boss.send(EXPORT_QUEUE, { ...job }, { singletonKey: job.exportId });
}

/** Closes the web process's handle (tests, before their database goes away). */
export async function closeExportSender(): Promise<void> {
  const started = sender;
  sender = null;
  if (started) await (await started).stop({ graceful: false, wait: true });
}
