import { conversationsWithOverdueSlots } from "@/lib/db/overdue-slots";
import { logger } from "@/lib/server/logger";
import { launchContinuation } from "@/lib/server/runs/launch";
import { openAgent } from "@/lib/server/runs/open-turn";

/**
 * Settles cards nobody answered before the tenant's expiry time as `expired` (the waiting tool sees
 * a rejection) and continues each run that then waits for nothing more, on this instance. Safe to
 * run on several instances at once: settling is conditional, continuing takes the run's lock.
 */
export async function expireOverdueSlots(): Promise<number> {
  let expired = 0;
  for (const { organizationId, conversationId } of await conversationsWithOverdueSlots()) {
    try {
      const agent = await openAgent({ organizationId }, conversationId);
      // Launching hands the agent over (launch disposes it when the run is done); otherwise it is ours to dispose, also on a throw.
      let handedOver = false;
      try {
        const result = await agent.glove.expireSlots();
        expired += result.expired.length;
        if (result.continuable) {
          handedOver = true;
          await launchContinuation(conversationId, agent);
        }
      } finally {
        if (!handedOver) await agent.dispose();
      }
    } catch (error) {
      logger.error("overdue cards of a conversation could not be settled", { conversationId, error });
    }
  }
  return expired;
}
