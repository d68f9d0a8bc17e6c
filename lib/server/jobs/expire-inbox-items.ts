import { expireOverdueInboxItems } from "@/lib/db/inbox-items";
import { afterInboxItemSettled } from "@/lib/server/inbox/resolve-item";
import { logger } from "@/lib/server/logger";

/**
 * Marks pending inbox items past their expiry as expired and settles each like an answer: the
 * conversation hears `inbox_updated`, and a blocking item's conversation continues, where the agent
 * reads "expired without an answer". Safe on several instances: each row is expired by one of them.
 */
export async function expireInboxItems(now = new Date()): Promise<number> {
  const rows = await expireOverdueInboxItems(now);
  for (const row of rows) {
    try {
      await afterInboxItemSettled({ organizationId: row.organizationId }, row);
    } catch (error) {
      logger.error("an expired inbox item could not be settled", { itemId: row.publicId, error });
    }
  }
  return rows.length;
}
