import { z } from "zod";
import { actorV1, inboxItemV1 } from "./webhook-payloads/v1";
import { idSchema, shortText } from "./text";

/** The public API's inbox shapes (`/api/v1/inbox`): snake_case, as the rest of /api/v1 speaks, and the webhook payloads' item. */
export const INBOX_ITEM_STATUSES = ["pending", "resolved", "consumed", "expired", "cancelled"] as const;
export const inboxItemStatusSchema = z.enum(INBOX_ITEM_STATUSES);

export const V1_INBOX_PAGE_MAX = 100;
export const V1_INBOX_PAGE_DEFAULT = 50;
/** The largest answer body a resolve path reads (413 above it). */
export const INBOX_RESPONSE_MAX_BYTES = 64 * 1024;

/** GET /api/v1/inbox query parameters (the inbox page's too). */
export const v1InboxListQuerySchema = z.object({
  status: inboxItemStatusSchema.optional(),
  tag: shortText().min(1).max(200).optional(),
  conversation_id: idSchema.optional(),
  correlation_key: shortText().min(1).max(200).optional(),
  /** Only items created at least this many minutes ago (e.g. 60: waiting an hour or more). */
  older_than_minutes: z.coerce.number().int().min(1).max(525_600).optional(),
  cursor: z
    .string()
    .max(500)
    .regex(/^[A-Za-z0-9_-]+$/, "Use the next_cursor of the previous page.")
    .optional(),
  limit: z.coerce.number().int().min(1).max(V1_INBOX_PAGE_MAX).default(V1_INBOX_PAGE_DEFAULT),
});
export type V1InboxListQuery = z.infer<typeof v1InboxListQuerySchema>;

export const v1InboxItemSchema = inboxItemV1.extend({
  /** The answer exactly as it was given; null while none. */
  response: z.json().nullable(),
  resolved_by: actorV1.nullable(),
  resolved_at: z.string().nullable(),
});
export type V1InboxItem = z.infer<typeof v1InboxItemSchema>;

export const v1InboxPageSchema = z.object({ items: z.array(v1InboxItemSchema), next_cursor: z.string().nullable() });
export type V1InboxPage = z.infer<typeof v1InboxPageSchema>;

/** POST /api/v1/inbox/{id}/resolve (and the inbox page's, the capability link's): the answer, any JSON. */
export const inboxResolveBodySchema = z.object({
  response: z.json().refine((value) => value !== null, "Give an answer: response may be any JSON value except null."),
});
export type InboxResolveBody = z.infer<typeof inboxResolveBodySchema>;

/** What every resolve path answers: the item as it now is, and whether this answer continued the conversation. */
export const inboxResolveResultSchema = z.object({
  item: v1InboxItemSchema,
  /** False when this exact answer had already won (a replay): nothing changed. */
  changed: z.boolean(),
  /** A blocking item was answered and a run started (or was already running) to continue its conversation. */
  continued: z.boolean(),
});
export type InboxResolveResult = z.infer<typeof inboxResolveResultSchema>;
