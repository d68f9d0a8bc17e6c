import { logger } from "@/lib/server/logger";
import { expireOverdueSlots } from "./expire-slots";
import { recoverDeadRuns } from "@/lib/server/runs/recover-dead-runs";

const shared = globalThis as typeof globalThis & { handoffBackgroundJobs?: ReturnType<typeof setInterval> };

/** `BACKGROUND_JOBS_INTERVAL_MS` (default 10 s) sets how often the sweep runs. */
function interval(env: Record<string, string | undefined> = process.env): number {
  const configured = Number(env.BACKGROUND_JOBS_INTERVAL_MS);
  return Number.isFinite(configured) && configured >= 100 ? configured : 10_000;
}

/** One pass: runs whose server died are marked failed; overdue cards expire and their runs continue. */
export async function sweep(): Promise<void> {
  try {
    await recoverDeadRuns(null);
  } catch (error) {
    logger.error("the dead-run sweep failed", { error });
  }
  try {
    await expireOverdueSlots();
  } catch (error) {
    logger.error("the card expiry sweep failed", { error });
  }
}

/**
 * Starts the sweep in this server process (from instrumentation.ts). Every instance sweeps; the
 * work is conditional, so overlapping sweeps do each thing once. A pass never overlaps the previous one.
 */
export function startBackgroundJobs(): void {
  if (shared.handoffBackgroundJobs) return;
  let busy = false;
  shared.handoffBackgroundJobs = setInterval(() => {
    if (busy) return;
    busy = true;
    void sweep().finally(() => (busy = false));
  }, interval());
  shared.handoffBackgroundJobs.unref();
}
