import { readDatabaseHealth } from "@/lib/db/worker-heartbeat";
import { DATABASE_RETRY_AFTER_SECONDS } from "@/lib/server/http/domain-errors";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { workerStatus } from "@/lib/server/jobs/worker-heartbeat";
import { logger } from "@/lib/server/logger";

export const dynamic = "force-dynamic";

/** A database that does not answer within this is as good as down for a readiness check. */
const DATABASE_TIMEOUT_MS = 2_000;

/**
 * Readiness: 200 while the database answers, 503 with Retry-After while it does not (a load
 * balancer then sends no one here). The worker's heartbeat is reported, not judged: the app serves
 * without a worker, only webhook deliveries wait. Liveness, which never touches the database, is `/api/health/live`.
 */
export async function GET() {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("The database did not answer in time.")), DATABASE_TIMEOUT_MS);
    });
    const { workerBeatAgeMs } = await Promise.race([readDatabaseHealth(), timeout]);
    return Response.json({
      ok: true,
      database: "up",
      worker: {
        status: workerStatus(workerBeatAgeMs),
        lastBeatSecondsAgo: workerBeatAgeMs === null ? null : Math.round(workerBeatAgeMs / 1000),
      },
    });
  } catch (error) {
    logger.warn("health check: the database is unavailable", { error });
    return Response.json(
      { ok: false, database: "down", worker: { status: "unknown", lastBeatSecondsAgo: null } },
      { status: 503, headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" } },
    );
  } finally {
    clearTimeout(timer);
  }
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
