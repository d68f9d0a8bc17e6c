import { z } from "zod";
import { freeText } from "./text";
import { v1InboxItemSchema } from "./v1-inbox";

/** The inbox page's and the capability link's shapes; the list and the resolve speak v1-inbox.ts's. */

/** GET /api/orgs/{slug}/inbox/{itemId}: the item and its capability link, which a member may hand to a third party. */
export const inboxItemDetailSchema = z.object({
  item: v1InboxItemSchema,
  capability_url: z.string(),
  capability_url_expires_at: z.string(),
});
export type InboxItemDetail = z.infer<typeof inboxItemDetailSchema>;

/** POST /api/orgs/{slug}/inbox/{itemId}/cancel: why, for the agent and the audit log. */
export const inboxCancelBodySchema = z.object({ reason: freeText().pipe(z.string().max(500)).optional() });

/** GET /api/inbox/links/{token}: what the item asks, and nothing else of the organization. */
export const inboxLinkViewSchema = z.object({
  item: v1InboxItemSchema.pick({
    id: true,
    tag: true,
    request: true,
    blocking: true,
    status: true,
    response_schema: true,
    expires_at: true,
  }),
  link_expires_at: z.string(),
});
export type InboxLinkView = z.infer<typeof inboxLinkViewSchema>;
