import type { InboxAdapter } from "@/lib/agent";
import type { TenantContext } from "@/lib/db/tenant-context";
import { capabilityToken, capabilityUrl, capabilityPath, CAPABILITY_LINK_TTL_MS } from "./capability-link";
import { matchPostedItem } from "@/lib/server/webhooks/inbound/early-events";
import { checkResponseSchema } from "./response-schema";
import { logger } from "@/lib/server/logger";

/**
 * The server's part in the agent's inbox tool, for the organization whose agent posts: a response schema is
 * checked by the same validator every answer goes through, and the tool's result gives the agent the item's
 * public id and its capability link (to hand to a third party; a link that needs the app's origin is
 * absolute only when APP_URL is set).
 */
export const agentInbox = (tenant: Pick<TenantContext, "organizationId">): InboxAdapter => ({
  checkResponseSchema,
  // An inbound webhook's event that arrived before the item (kept for its endpoint's window) resolves it now;
  // a failure leaves the event kept for the sweep.
  posted: (item) =>
    matchPostedItem(tenant, item).catch((error: unknown) => {
      logger.error("a kept inbound event could not resolve a posted inbox item", { itemId: item.public_id, error });
      return false;
    }),
  describe(item) {
    if (!item.public_id) return {};
    const expiresAt = item.expires_at ? new Date(item.expires_at) : new Date(Date.parse(item.created_at) + CAPABILITY_LINK_TTL_MS);
    const token = capabilityToken(item.public_id, expiresAt);
    return {
      public_id: item.public_id,
      capability_url: capabilityUrl(token) ?? capabilityPath(token),
      capability_url_expires_at: expiresAt.toISOString(),
      how_to_answer: 'Whoever holds capability_url can answer by POSTing JSON to it: {"response": <the answer>}.',
    };
  },
});
