import { StopRequest, type RunStatus, type StoreAdapter } from "@/lib/agent";
import type { TenantContext } from "@/lib/db/tenant-context";
import { eventBus } from "@/lib/server/events/pg-bus";
import { executionsOf, stopLocalRun } from "./local-executions";
import { openAgent } from "./open-turn";
import { recoverDeadRuns } from "./recover-dead-runs";

export type AbortReply = { status: "not_active" } | { status: RunStatus | "stopping"; run_id: string };

const ABORT_WAIT_MS = 10_000;

/**
 * Stops the conversation's active run. Executing here: its signal stops the model stream at once
 * and the loop between steps; the run stores what streamed, closes open calls and dismisses its
 * cards. Suspended: settled right here. Executing on another instance: the request is relayed on
 * the bus (that instance's loop stops at once). A run whose server died is first marked failed.
 * Waits (up to 10 s) until the run is final and answers with its status, or "stopping".
 */
export async function abortConversation(
  ctx: TenantContext,
  conversationId: string,
  options: { wait?: boolean; shownChars?: number } = {},
): Promise<AbortReply> {
  const tenant = { organizationId: ctx.organizationId };
  await recoverDeadRuns({ ...tenant, conversationId });
  // An agent executing here knows its runs (abort is then "signalled"); any other can settle or relay.
  const local = executionsOf(conversationId)[0]?.agent;
  const agent = local ?? (await openAgent(tenant, conversationId));
  try {
    const outcome = await agent.glove.abort(new StopRequest(options.shownChars));
    if (outcome.status === "not_active") return outcome;
    if (outcome.status === "elsewhere") {
      // Also covers a run of this process caught between its creation and its first step.
      stopLocalRun(conversationId, outcome.runId);
      await eventBus().requestAbort({ conversationId, runId: outcome.runId });
    }
    if (options.wait === false) return { status: "stopping", run_id: outcome.runId };
    return { status: await finalStatus(agent.store, outcome.runId), run_id: outcome.runId };
  } finally {
    if (!local) await agent.dispose();
  }
}

async function finalStatus(store: StoreAdapter, runId: string): Promise<RunStatus | "stopping"> {
  const deadline = Date.now() + ABORT_WAIT_MS;
  for (;;) {
    const status = (await store.getRun(runId))?.status ?? "aborted";
    if (status !== "running" && status !== "suspended") return status;
    if (Date.now() > deadline) return "stopping";
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
