import { z } from "zod";
import { freeText, shortText, storableJson, trimmedText } from "./text";
import type { InboxItem, Message, QueuedMessage, RunStatus, SlotRecord, Task } from "@/lib/agent";
import { formViewSchema } from "@/lib/forms/view";
import { attachmentIdsSchema } from "./attachments";
import { runErrorCodeSchema } from "./run-error";

/** Request and response shapes of the chat routes: the routes validate with them, the browser's hooks type with them. */

export const MESSAGE_TEXT_MAX = 20_000;
// Three 2 MB images are 8 MB of base64: with the text they fit in MESSAGE_BODY_MAX_BYTES.
export const ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;
export const ATTACHMENTS_MAX = 3;
/**
 * The largest message body the server reads (413 above it): Next.js hands route handlers at most
 * 10 MB of a body when a proxy (proxy.ts) runs, so attachments together stay under that.
 */
export const MESSAGE_BODY_MAX_BYTES = 10 * 1024 * 1024;

/** A title is a short field (one line in the sidebar): control characters are refused, not stripped. */
export const conversationTitleSchema = trimmedText().min(1, "Enter a title.").max(200, "Use at most 200 characters for the title.");

export const renameConversationSchema = z.object({ title: conversationTitleSchema });
/**
 * Stop. `shown_chars`: how much of the streaming answer this client showed when Stop was clicked
 * (its view froze then); the stored partial answer keeps that much, no more. Absent: all that streamed.
 */
export const abortConversationSchema = z.object({ shown_chars: z.number().int().min(0).max(10_000_000).optional() });

export const listConversationsQuerySchema = z.object({
  q: trimmedText().max(200).optional(),
  cursor: shortText().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const attachmentSchema = z.object({
  media_type: z.enum(["image/png", "image/jpeg", "image/gif", "image/webp"]),
  /** base64, no data: prefix */
  data: z
    .string()
    .max(Math.ceil((ATTACHMENT_MAX_BYTES * 4) / 3), "An image may be at most 2 MB.")
    .regex(/^[A-Za-z0-9+/=]+$/, "data must be base64"),
});

export const sendMessageSchema = z.object({
  // Free text: what a person wrote is kept (NUL removed, unpaired surrogates replaced; lib/schemas/text.ts).
  text: freeText().pipe(
    z.string().trim().min(1, "Type a message.").max(MESSAGE_TEXT_MAX, `A message may be at most ${MESSAGE_TEXT_MAX} characters.`),
  ),
  /** Inline base64 images (the v1 API's way, and the first one). */
  attachments: z.array(attachmentSchema).max(ATTACHMENTS_MAX).optional(),
  /** Files uploaded to this conversation first (`POST /api/conversations/:id/attachments`). */
  attachment_ids: attachmentIdsSchema.optional(),
});

/**
 * `POST /api/conversations`. With `message`, the conversation is created with its first message and
 * its run started, in one request (no empty conversation is left when the message is refused);
 * without a title it is named after the message.
 */
export const createConversationSchema = z.object({
  title: conversationTitleSchema.optional(),
  /** Never listed or searched, deleted when ended or after 24 hours (docs/retention.md). */
  temporary: z.boolean().optional(),
  message: sendMessageSchema.optional(),
});

// An answer is stored as JSON (jsonb refuses \u0000): its strings are cleaned like free text before the card's schema checks it.
export const resolveSlotSchema = z.object({
  value: z
    .unknown()
    .refine((v) => v !== undefined, "value is required")
    .transform(storableJson),
});
export const rejectSlotSchema = z.object({ reason: freeText().pipe(z.string().trim().max(1000)).optional() });

/*
 * Wire shapes of the chat routes' answers (the pattern of ./team.ts): the zod schemas are the source,
 * the types are inferred from them, the browser imports only the types (`import type`: no zod in the
 * chat page's bundle), and the public API's OpenAPI document will be generated from them.
 *
 * Messages, cards, tasks, inbox items and queued messages are lib/agent's shapes: here they are
 * `z.custom<T>()` (typed by lib/agent, not checked at run time, and opaque to OpenAPI until lib/agent
 * has schemas of its own) rather than a second hand-written copy of the runtime's types.
 */
const isoDate = z.string().describe("ISO 8601 timestamp");
const messageSchema = z.custom<Message>();
const slotRecordSchema = z.custom<SlotRecord>();

export const conversationSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: isoDate,
  lastActivityAt: isoDate,
  /** Whether you may rename and delete it: you started it, or you are an owner or admin. */
  canManage: z.boolean(),
  /** True while a run is active or a card waits. */
  busy: z.boolean(),
  pendingSlots: z.number().int(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/** `GET /api/conversations`: one page of the sidebar, newest activity first. */
export const conversationPageSchema = z.object({
  organization: z.object({ slug: z.string() }),
  conversations: z.array(conversationSummarySchema),
  /** Pass back as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type ConversationPage = z.infer<typeof conversationPageSchema>;

/** `POST /api/conversations` (201) and, without `organization`, `PATCH /api/conversations/:id`. */
export const conversationResponseSchema = z.object({
  organization: z.object({ slug: z.string() }).optional(),
  conversation: conversationSummarySchema,
});
export type ConversationResponse = z.infer<typeof conversationResponseSchema>;

export const conversationStatsSchema = z.object({
  tokens_in: z.number().int(),
  tokens_out: z.number().int(),
  cache_read_tokens: z.number().int(),
  cache_write_tokens: z.number().int(),
  /** Size of the context the model saw on its last call. */
  context_tokens: z.number().int(),
  /** The agent's model's context window (lib/models/capabilities.ts); absent when the model does not describe itself. */
  context_window: z.number().int().positive().optional(),
  turns: z.number().int(),
});
export type ConversationStats = z.infer<typeof conversationStatsSchema>;

const RUN_STATUSES = ["running", "suspended", "completed", "failed", "aborted"] as const satisfies readonly RunStatus[];
// Fails to compile if lib/agent's RunStatus gains a value this list lacks.
const everyRunStatus: RunStatus extends (typeof RUN_STATUSES)[number] ? true : never = true;
void everyRunStatus;

export const runViewSchema = z.object({
  id: z.string(),
  status: z.enum(RUN_STATUSES),
  /** For failed runs: what happened and what to do next, in words for this reader (lib/schemas/run-error.ts). */
  error: z.string().nullable(),
  /** For failed runs: what kind of failure, stable for clients that act on it. */
  code: runErrorCodeSchema.optional(),
  /** For failed runs, owners and admins only: the technical sentence behind `error`. */
  detail: z.string().optional(),
});
export type RunView = z.infer<typeof runViewSchema>;

/** A run event as the stream sends it: its payload's fields with its `type` and `seq`. */
export const snapshotEventSchema = z.looseObject({ seq: z.number().int(), type: z.string() });
export type SnapshotEvent = z.infer<typeof snapshotEventSchema>;

/** A message with versions beside it (lib/agent/store-adapter.ts `BranchPoint`). */
export const branchPointSchema = z.object({ message_id: z.string(), siblings: z.array(z.string()).min(2) });
export type BranchPointView = z.infer<typeof branchPointSchema>;

/** `PUT /api/conversations/{id}/branch`: show (and let the agent read) the path through this message. */
export const switchBranchSchema = z.object({ message_id: z.string().min(1).max(200) });
/** `POST .../messages/{messageId}/edit`: the new version of a message the person sent. */
export const editMessageSchema = sendMessageSchema.pick({ text: true });

/** Everything the chat page needs to draw a conversation, as of event `lastEventSeq`. */
export const conversationSnapshotSchema = z.object({
  conversation: z.object({ id: z.string(), title: z.string(), createdAt: isoDate, lastActivityAt: isoDate }),
  /** The newest page of the timeline, oldest first. */
  messages: z.array(messageSchema),
  /** Pass as `before` to load the previous page; null when this is the start. */
  earlierCursor: z.string().nullable(),
  /** Cards of the loaded messages (pending and settled), oldest first. */
  slots: z.array(slotRecordSchema),
  tasks: z.array(z.custom<Task>()),
  inbox: z.array(z.custom<InboxItem>()),
  queued: z.array(z.custom<QueuedMessage>()),
  /** The conversation's open and recently finished form instances, as their cards show them (oldest first). */
  forms: z.array(formViewSchema),
  stats: conversationStatsSchema,
  /** The latest run, if any. */
  run: runViewSchema.nullable(),
  /** Re-attach to `GET /events?after=` this to get everything after the snapshot. */
  lastEventSeq: z.number().int(),
  /**
   * While a run streams: the events of the response it is streaming, up to `lastEventSeq` (from
   * the last event that began a response: text, announced tool calls, compaction), which the
   * stored messages do not hold yet. A page loaded mid-answer shows the answer so far. Else empty.
   */
  responseEvents: z.array(snapshotEventSchema),
  /** True when the offline demo model answers (no provider key configured). */
  usingDemoModel: z.boolean(),
  /**
   * Titles people read for the agent's tools that have their own (connector tools: "Acme CRM: Look
   * up contact"), by tool name; a tool not named here is shown by its name in words.
   */
  toolTitles: z.record(z.string(), z.string()).optional(),
  /**
   * The loaded messages that have other versions (an edit or a regenerate made siblings): each
   * with every version's id, oldest first, itself among them ("‹ 2 / 3 ›"). Absent: none.
   */
  branches: z.array(branchPointSchema).optional(),
});
/**
 * The route does not parse the snapshot (a 1,000-message page would be walked on every GET): its
 * mapper (lib/server/conversations/snapshot.ts) is typed to return this, the schema's output type.
 */
export type ConversationSnapshot = z.output<typeof conversationSnapshotSchema>;

/** What the card answer routes send when they do not stream: the settled card, and whether a run continues. */
export const slotAnswerResponseSchema = z.object({ slot: slotRecordSchema, continued: z.boolean() });
export type SlotAnswerResponse = z.infer<typeof slotAnswerResponseSchema>;
