import { prisma } from "@/lib/db/client";
import { PostgresStore } from "@/lib/db/postgres-store";
import { claimOwedVerdicts, type OwedVerdict } from "@/lib/db/run-verdicts";
import { conversationRecorder } from "@/lib/server/events/conversation-recorder";
import { logger } from "@/lib/server/logger";
import { runLeaseMs, SERVER_STOPPED_MESSAGE } from "./lease-config";

/**
 * Stores the verdicts (`run_completed`, `run_suspended`, `run_failed`, `run_aborted`) that a process
 * died before storing, between moving its run and writing the event: without them every open stream
 * of the conversation would wait for an end that never comes. Run by the periodic sweep
 * (lib/server/jobs/background-jobs.ts), a lease after the move (lib/db/run-verdicts.ts). Returns how many it stored.
 */
export async function storeOwedVerdicts(): Promise<number> {
  let stored = 0;
  for (const run of await claimOwedVerdicts(runLeaseMs())) {
    if (run.stored) continue;
    try {
      await storeVerdict(run);
      stored++;
    } catch (error) {
      logger.error("a run's owed verdict could not be stored", { ...run, error });
    }
  }
  return stored;
}

async function storeVerdict(run: OwedVerdict) {
  logger.warn("a run's verdict was not stored (its server stopped); storing it now", { ...run });
  const recorder = conversationRecorder(run, run.conversationId);
  const run_id = run.runId;
  if (run.status === "completed") await recorder.record("run_completed", { run_id });
  else if (run.status === "aborted") await recorder.record("run_aborted", { run_id });
  else if (run.status === "failed") await recorder.record("run_failed", { run_id, message: run.error ?? SERVER_STOPPED_MESSAGE });
  else {
    const store = await PostgresStore.open(prisma, { organizationId: run.organizationId, conversationId: run.conversationId });
    const slots = await store.listSlots({ runId: run_id, status: "pending" });
    await recorder.record("run_suspended", { run_id, slot_ids: slots.map((slot) => slot.id) });
  }
  await recorder.flush();
}
