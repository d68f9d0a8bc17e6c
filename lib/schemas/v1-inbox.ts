import { z } from "zod";
import { idSchema, shortText } from "./text";

/** The public API's inbox shapes (`/api/v1/inbox`): snake_case, as the rest of /api/v1 speaks. */
export const INBOX_ITEM_STATUSES = ["pending", "resolved", "consumed"] as const;
export const inboxItemStatusSchema = z.enum(INBOX_ITEM_STATUSES);

export const V1_INBOX_PAGE_MAX = 100;
export const V1_INBOX_PAGE_DEFAULT = 50;

/** GET /api/v1/inbox query parameters. */
export const v1InboxListQuerySchema = z.object({
  status: inboxItemStatusSchema.optional(),
  tag: shortText().min(1).max(200).optional(),
  conversation_id: idSchema.optional(),
  cursor: z
    .string()
    .max(500)
    .regex(/^[A-Za-z0-9_-]+$/, "Use the next_cursor of the previous page.")
    .optional(),
  limit: z.coerce.number().int().min(1).max(V1_INBOX_PAGE_MAX).default(V1_INBOX_PAGE_DEFAULT),
});
export type V1InboxListQuery = z.infer<typeof v1InboxListQuerySchema>;

export const v1InboxItemSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  tag: z.string(),
  request: z.string(),
  response: z.string().nullable(),
  status: z.string(),
  blocking: z.boolean(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type V1InboxItem = z.infer<typeof v1InboxItemSchema>;

export const v1InboxPageSchema = z.object({ items: z.array(v1InboxItemSchema), next_cursor: z.string().nullable() });
export type V1InboxPage = z.infer<typeof v1InboxPageSchema>;
