import { untoldBlockingItems } from "@/lib/db/inbox-items";
import { afterInboxItemSettled } from "@/lib/server/inbox/resolve-item";
import { logger } from "@/lib/server/logger";

/** How long a settled item's own continuation has before the sweep tries again (it normally starts within milliseconds). */
export const UNTOLD_GRACE_MS = 10_000;

/**
 * Continues conversations whose blocking item was answered (or expired, or was cancelled) but never read by the
 * agent, and that no run is working on: the request that answered it failed between storing the answer and
 * starting the run, or its server died. One conversation once per pass, however many such items it has.
 */
export async function continueUntoldItems(now = new Date()): Promise<number> {
  const rows = await untoldBlockingItems(new Date(now.getTime() - UNTOLD_GRACE_MS));
  const once = new Map(rows.map((row) => [row.conversationId, row]));
  for (const row of once.values()) {
    try {
      await afterInboxItemSettled({ organizationId: row.organizationId }, row);
    } catch (error) {
      logger.error("a conversation waiting on an answered inbox item could not be continued", { itemId: row.publicId, error });
    }
  }
  return once.size;
}
