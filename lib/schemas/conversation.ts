import { z } from "zod";
import { freeText, shortText, storableJson, trimmedText } from "./text";
import type { InboxItem, Message, QueuedMessage, RunStatus, SlotRecord, Task } from "@/lib/agent";

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

export const createConversationSchema = z.object({ title: conversationTitleSchema.optional() });
export const renameConversationSchema = z.object({ title: conversationTitleSchema });

export const listConversationsQuerySchema = z.object({
  q: trimmedText().max(200).optional(),
  cursor: shortText().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const attachmentSchema = z.object({
  media_type: z.enum(["image/png", "image/jpeg", "image/gif", "image/webp"]),
  /** base64, no data: prefix */
  data: z.string().max(Math.ceil((ATTACHMENT_MAX_BYTES * 4) / 3), "An image may be at most 2 MB.").regex(/^[A-Za-z0-9+/=]+$/, "data must be base64"),
});

export const sendMessageSchema = z.object({
  // Free text: what a person wrote is kept (NUL removed, unpaired surrogates replaced; lib/schemas/text.ts).
  text: freeText().pipe(z.string().trim().min(1, "Type a message.").max(MESSAGE_TEXT_MAX, `A message may be at most ${MESSAGE_TEXT_MAX} characters.`)),
  attachments: z.array(attachmentSchema).max(ATTACHMENTS_MAX).optional(),
});

// An answer is stored as JSON (jsonb refuses \u0000): its strings are cleaned like free text before the card's schema checks it.
export const resolveSlotSchema = z.object({ value: z.unknown().refine((v) => v !== undefined, "value is required").transform(storableJson) });
export const rejectSlotSchema = z.object({ reason: freeText().pipe(z.string().trim().max(1000)).optional() });

export interface ConversationSummary {
  id: string;
  title: string;
  createdAt: string;
  lastActivityAt: string;
  /** Whether you may rename and delete it: you started it, or you are an owner or admin. */
  canManage: boolean;
  /** True while a run is active or a card waits. */
  busy: boolean;
  pendingSlots: number;
}

export interface ConversationStats {
  tokens_in: number;
  tokens_out: number;
  cache_read_tokens: number;
  cache_write_tokens: number;
  /** Size of the context the model saw on its last call. */
  context_tokens: number;
  turns: number;
}

export interface RunView {
  id: string;
  status: RunStatus;
  /** For failed runs: what happened and what to do next. */
  error: string | null;
}

/** A run event as the stream sends it: its payload's fields with its `type` and `seq`. */
export type SnapshotEvent = { seq: number; type: string } & Record<string, unknown>;

/** Everything the chat page needs to draw a conversation, as of event `lastEventSeq`. */
export interface ConversationSnapshot {
  conversation: { id: string; title: string; createdAt: string; lastActivityAt: string };
  /** The newest page of the timeline, oldest first. */
  messages: Message[];
  /** Pass as `before` to load the previous page; null when this is the start. */
  earlierCursor: string | null;
  /** Cards of the loaded messages (pending and settled), oldest first. */
  slots: SlotRecord[];
  tasks: Task[];
  inbox: InboxItem[];
  queued: QueuedMessage[];
  stats: ConversationStats;
  /** The latest run, if any. */
  run: RunView | null;
  /** Re-attach to `GET /events?after=` this to get everything after the snapshot. */
  lastEventSeq: number;
  /**
   * While a run streams: the events of the response it is streaming, up to `lastEventSeq` (from
   * the last event that began a response: text, announced tool calls, compaction), which the
   * stored messages do not hold yet. A page loaded mid-answer shows the answer so far. Else empty.
   */
  responseEvents: SnapshotEvent[];
  /** True when the offline demo model answers (no provider key configured). */
  usingDemoModel: boolean;
}
