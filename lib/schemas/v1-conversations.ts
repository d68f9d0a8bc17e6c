import { z } from "zod";
import { MESSAGE_TEXT_MAX, conversationTitleSchema, sendMessageSchema } from "./conversation";
import { v1InboxItemSchema } from "./v1-inbox";
import { idSchema, shortText } from "./text";

/** The public API's conversation shapes (`/api/v1/conversations`): snake_case, no render data (cards' UI, images, tool internals). */

const isoTime = z.string().describe("ISO 8601 timestamp");

export const V1_CONVERSATION_PAGE_MAX = 100;
export const V1_CONVERSATION_PAGE_DEFAULT = 30;

/**
 * The message text as the chat takes it (NUL removed, then trimmed, 1–MESSAGE_TEXT_MAX characters).
 * The bounds are restated for the OpenAPI document, which shows a pipe's input side (the cleaning).
 */
const messageText = sendMessageSchema.shape.text.meta({ minLength: 1, maxLength: MESSAGE_TEXT_MAX });

/** POST /api/v1/conversations: a title, and optionally the first message. */
export const v1CreateConversationBodySchema = z.object({
  title: conversationTitleSchema.optional(),
  message: messageText.optional().describe("Sent as the first message: the agent starts answering at once."),
});
export type V1CreateConversationBody = z.infer<typeof v1CreateConversationBodySchema>;

/** POST /api/v1/conversations/{id}/messages. */
export const v1SendMessageBodySchema = z.object({ text: messageText });
export type V1SendMessageBody = z.infer<typeof v1SendMessageBodySchema>;

export const v1ConversationSchema = z.object({ id: z.string(), title: z.string(), created_at: isoTime });

/**
 * What a message started: a run (`running`), or, while a run is active, the message waits for its
 * next safe point (`queued`, no run of its own). Follow `events_url` (SSE, from just before the
 * message) or poll `conversation_url`.
 */
export const v1MessageAcceptedSchema = z.object({
  run_id: z.string().nullable(),
  status: z.enum(["running", "queued"]),
  events_url: z.string().describe("GET it with Accept: text/event-stream: every event from just before this message on."),
  conversation_url: z.string(),
});
export type V1MessageAccepted = z.infer<typeof v1MessageAcceptedSchema>;

export const v1ConversationCreatedSchema = z.object({ conversation: v1ConversationSchema, run: v1MessageAcceptedSchema.optional() });
export type V1ConversationCreated = z.infer<typeof v1ConversationCreatedSchema>;

export const v1ConversationStatusSchema = z
  .enum(["idle", "running", "waiting"])
  .describe("running: a run is active; waiting: a card or a blocking inbox item waits for an answer; idle: neither.");

export const v1ConversationListQuerySchema = z.object({
  cursor: shortText().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(V1_CONVERSATION_PAGE_MAX).default(V1_CONVERSATION_PAGE_DEFAULT),
});

export const v1ConversationSummarySchema = v1ConversationSchema.extend({
  last_activity_at: isoTime,
  /** A run is active or a card waits. */
  busy: z.boolean(),
});

export const v1ConversationPageSchema = z.object({
  conversations: z.array(v1ConversationSummarySchema),
  next_cursor: z.string().nullable(),
});
export type V1ConversationPage = z.infer<typeof v1ConversationPageSchema>;

export const v1MessageSchema = z.object({ sender: z.enum(["user", "agent"]), text: z.string(), created_at: isoTime.nullable() });
export const v1PendingCardSchema = z.object({
  id: z.string(),
  kind: z.enum(["wait", "forget"]),
  tool: z.string(),
  props: z.unknown(),
});
export const v1RunSchema = z.object({
  id: z.string(),
  status: z.enum(["running", "suspended", "completed", "failed", "aborted"]),
  error: z.string().nullable(),
});

/** GET /api/v1/conversations/{id}: everything a machine polls for. */
export const v1ConversationDetailSchema = z.object({
  conversation: v1ConversationSchema.extend({
    status: v1ConversationStatusSchema,
    /** The newest messages (up to 100), oldest first. */
    messages: z.array(v1MessageSchema),
    pending_cards: z.array(v1PendingCardSchema),
    /** The conversation's inbox items, newest first (up to 100). */
    inbox_items: z.array(v1InboxItemSchema),
    run: v1RunSchema.nullable(),
    /** Pass as `Last-Event-ID` (or `?after=`) to the events stream to get everything after this answer. */
    last_event_id: z.number().int(),
  }),
});
export type V1ConversationDetail = z.infer<typeof v1ConversationDetailSchema>;

/** GET /api/v1/conversations/{id}/events: `?after=` as the `Last-Event-ID` header. */
export const v1EventsQuerySchema = z.object({
  after: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional()
    .describe("Replay from after this event number (the Last-Event-ID header wins). Without either: live events only."),
});

export const v1ConversationIdParamsSchema = z.object({ id: idSchema });

/**
 * The largest message body /api/v1 reads (413 above it): MESSAGE_TEXT_MAX characters of any script,
 * even all JSON-escaped (`\uXXXX`, 6 bytes a character), fit. No attachments on the public API.
 */
export const V1_MESSAGE_BODY_MAX_BYTES = 128 * 1024;
