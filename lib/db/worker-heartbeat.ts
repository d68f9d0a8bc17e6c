import { getPgPool } from "./pg-pool";

type Query = (text: string, values: unknown[]) => Promise<unknown>;

/** Records that worker `workerId` lives now (one upsert; the worker calls it every few seconds). */
export async function recordWorkerHeartbeat(query: Query, workerId: string): Promise<void> {
  await query(
    `INSERT INTO "WorkerHeartbeat" ("workerId", "startedAt", "beatAt") VALUES ($1, now(), now())
     ON CONFLICT ("workerId") DO UPDATE SET "beatAt" = now()`,
    [workerId],
  );
}

/** Removes a stopped worker's row, and rows of workers silent for a day (killed ones never remove theirs). */
export async function removeWorkerHeartbeat(query: Query, workerId: string): Promise<void> {
  await query(`DELETE FROM "WorkerHeartbeat" WHERE "workerId" = $1 OR "beatAt" < now() - interval '1 day'`, [workerId]);
}

/** One round trip that proves the database answers, with the age of the newest worker beat (null: no worker ever beat). */
export async function readDatabaseHealth(): Promise<{ workerBeatAgeMs: number | null }> {
  const { rows } = await getPgPool().query<{ age_ms: number | null }>(
    `SELECT (EXTRACT(EPOCH FROM now() - max("beatAt")) * 1000)::float8 AS age_ms FROM "WorkerHeartbeat"`,
  );
  return { workerBeatAgeMs: rows[0]?.age_ms ?? null };
}
