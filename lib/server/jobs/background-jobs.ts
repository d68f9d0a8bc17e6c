import { logger } from "@/lib/server/logger";
import { expireOverdueSlots } from "./expire-slots";
import { expireInboxItems } from "./expire-inbox-items";
import { continueUntoldItems } from "./continue-untold-items";
import { recoverDeadRuns } from "@/lib/server/runs/recover-dead-runs";
import { storeOwedVerdicts } from "@/lib/server/runs/owed-verdicts";
import { serverEnv } from "@/lib/server/env";
import { sweepKeptEvents } from "@/lib/server/webhooks/inbound/early-events";

const shared = globalThis as typeof globalThis & { handoffBackgroundJobs?: ReturnType<typeof setInterval> };

/** The sweep's steps, each on its own: one that fails is logged and the others still run. */
const STEPS: Array<[name: string, step: () => Promise<unknown>]> = [
  ["the dead-run sweep", () => recoverDeadRuns(null)],
  ["the sweep of verdicts a stopped server owed", storeOwedVerdicts],
  ["the card expiry sweep", expireOverdueSlots],
  ["the inbox expiry sweep", expireInboxItems],
  ["the sweep of answered items nobody continued", continueUntoldItems],
  ["the inbound kept-event sweep", sweepKeptEvents],
];

/** One pass: runs whose server died are marked failed, and verdicts it left unstored are stored; overdue cards and inbox items expire and their runs continue; kept inbound events match items or expire. */
export async function sweep(): Promise<void> {
  for (const [name, step] of STEPS) {
    try {
      await step();
    } catch (error) {
      logger.error(`${name} failed`, { error });
    }
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
