import { logger } from "@/lib/server/logger";
import { expireOverdueSlots } from "./expire-slots";
import { expireInboxItems } from "./expire-inbox-items";
import { recoverDeadRuns } from "@/lib/server/runs/recover-dead-runs";
import { serverEnv } from "@/lib/server/env";

const shared = globalThis as typeof globalThis & { handoffBackgroundJobs?: ReturnType<typeof setInterval> };

/** One pass: runs whose server died are marked failed; overdue cards and inbox items expire and their runs continue. */
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
  try {
    await expireInboxItems();
  } catch (error) {
    logger.error("the inbox expiry sweep failed", { error });
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
  }, serverEnv().BACKGROUND_JOBS_INTERVAL_MS);
  shared.handoffBackgroundJobs.unref();
}
