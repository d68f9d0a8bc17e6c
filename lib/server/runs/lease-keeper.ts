import { renewRunLease } from "@/lib/db/run-leases";
import type { TenantContext } from "@/lib/db/tenant-context";
import { instanceId } from "@/lib/server/events/instance-id";
import { logger } from "@/lib/server/logger";
import { runLeaseMs } from "./lease-config";

/**
 * Holds the lease of the runs an agent executes in this process: from when a run becomes
 * `running`, renewed every third of the lease, dropped when it leaves `running`. The first
 * heartbeat comes a third of a lease after the start, not at it: a run that just became
 * `running` counts as alive for one lease length from its `updatedAt` (lib/db/run-leases.ts),
 * so an answer shorter than that writes no lease at all and nothing waits for one before the
 * model call. Heartbeats come from the timer only, never per event. A renewal that
 * finds the run no longer running while we still execute it means another instance declared this
 * one dead: `onLost` stops the local execution so two executions never write one history.
 */
export class LeaseKeeper {
  private readonly timers = new Map<string, ReturnType<typeof setInterval>>();
  private readonly leaseMs = runLeaseMs();

  constructor(
    private readonly tenant: Pick<TenantContext, "organizationId">,
    private readonly conversationId: string,
    private readonly onLost: (runId: string) => void,
  ) {}

  hold(runId: string): void {
    this.release(runId);
    const timer = setInterval(() => void this.renew(runId), Math.max(100, Math.floor(this.leaseMs / 3)));
    timer.unref();
    this.timers.set(runId, timer);
  }

  release(runId: string) {
    clearInterval(this.timers.get(runId));
    this.timers.delete(runId);
  }

  releaseAll() {
    for (const runId of [...this.timers.keys()]) this.release(runId);
  }

  private async renew(runId: string) {
    try {
      const held = await renewRunLease(this.tenant, this.conversationId, runId, instanceId(), this.leaseMs);
      if (!held && this.timers.has(runId)) {
        this.release(runId);
        this.onLost(runId);
      }
    } catch (error) {
      // A missed heartbeat is not fatal: the lease is three heartbeats long.
      logger.warn("a run lease could not be renewed", { runId, error });
    }
  }
}
