// Rows of the runtime's tables ↔ the StoreAdapter's records. Rows hold Dates and SQL NULLs; records
// hold ISO strings and leave optional fields out, exactly as the runtime (and MemoryStore) does.
import type { ImagePart, Message, ToolCall, ToolResult, ToolResultPayload } from "@/lib/agent/messages";
import type {
  DisplayStrategy,
  InboxItem,
  InboxItemStatus,
  InboxResolver,
  PermissionRecord,
  StoredPermissionRequest,
  QueuedMessage,
  RunRecord,
  RunStatus,
  SlotKind,
  SlotRecord,
  SlotStatus,
  Task,
  ToolCallState,
  ToolCallStatus,
} from "@/lib/agent/store-adapter";
import { Prisma } from "@/lib/db/generated/client";
import type {
  AgentTask as TaskRow,
  InboxItem as InboxItemRow,
  Message as MessageRow,
  QueuedMessage as QueuedMessageRow,
  Run as RunRow,
  Slot as SlotRow,
  ToolCallState as ToolCallStateRow,
  ToolPermission as PermissionRow,
  PermissionRequest as PermissionRequestRow,
} from "@/lib/db/generated/client";

/** The tool-wide permission scope; NULL cannot be used because NULLs never conflict in a unique index. */
export const TOOL_WIDE_INPUT_KEY = "";
/** `ToolPermission.userId` of a grant for everyone in the organization (see schema.prisma). */
export const ORGANIZATION_WIDE_USER_ID = "";

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);
export const toDate = (value: string) => new Date(value);
export const toDateOrNull = (value: string | null) => (value === null ? null : new Date(value));
const json = (value: unknown) => value as Prisma.InputJsonValue;

/** Message fields with a column of their own; everything else goes, as it is, into `extras`. */
type ColumnFields = "id" | "sender" | "text" | "is_compaction" | "tool_calls" | "tool_results" | "images" | "created_at";

/**
 * A message as one element of the JSON array appendMessages expands in SQL. Absent keys become
 * SQL NULLs; `createdAt` is normalised to UTC, as Prisma stores timestamps.
 */
export function messageToJsonRow(message: Message) {
  const { id, sender, text, is_compaction, tool_calls, tool_results, images, created_at, ...extras } = message;
  return {
    messageId: id,
    sender,
    text,
    isCompaction: is_compaction === true,
    toolCalls: tool_calls,
    toolResults: tool_results,
    images,
    extras: Object.values(extras).some((value) => value !== undefined) ? extras : undefined,
    createdAt: created_at === undefined ? undefined : toDate(created_at).toISOString(),
  };
}

export function rowToMessage(row: MessageRow): Message {
  const extras = (row.extras ?? {}) as Omit<Message, ColumnFields>;
  return {
    ...(row.messageId !== null && { id: row.messageId }),
    sender: row.sender as Message["sender"],
    text: row.text,
    ...extras,
    ...(row.isCompaction && { is_compaction: true }),
    ...(row.toolCalls !== null && { tool_calls: row.toolCalls as unknown as ToolCall[] }),
    ...(row.toolResults !== null && { tool_results: row.toolResults as unknown as ToolResult[] }),
    ...(row.images !== null && { images: row.images as unknown as ImagePart[] }),
    ...(row.createdAt !== null && { created_at: iso(row.createdAt) }),
  };
}

export const rowToTask = (row: TaskRow): Task => ({
  id: row.taskId,
  content: row.content,
  activeForm: row.activeForm,
  status: row.status as Task["status"],
});

export const rowToPermission = (row: PermissionRow): PermissionRecord => ({
  tool_name: row.toolName,
  input_key: row.inputKey === TOOL_WIDE_INPUT_KEY ? null : row.inputKey,
  user_id: row.userId === ORGANIZATION_WIDE_USER_ID ? null : row.userId,
  status: row.status as PermissionRecord["status"],
  ...(row.reason !== null && { reason: row.reason }),
  granted_by: row.grantedById,
});

export const rowToPermissionRequest = (row: PermissionRequestRow): StoredPermissionRequest => ({
  tool_name: row.toolName,
  input_key: row.inputKey === TOOL_WIDE_INPUT_KEY ? null : row.inputKey,
  requested_by: row.requestedById,
  slot_id: row.slotId,
  status: row.status as StoredPermissionRequest["status"],
  decided_by: row.decidedById,
});

export const rowToInboxItem = (row: InboxItemRow): InboxItem => ({
  id: row.id,
  tag: row.tag,
  request: row.request,
  response: row.response,
  status: row.status as InboxItemStatus,
  blocking: row.blocking,
  created_at: iso(row.createdAt),
  resolved_at: isoOrNull(row.resolvedAt),
  public_id: row.publicId,
  correlation_key: row.correlationKey,
  response_schema: (row.responseSchema as Record<string, unknown> | null) ?? null,
  expires_at: isoOrNull(row.expiresAt),
  consumed_at: isoOrNull(row.consumedAt),
  resolved_by: row.resolvedByKind
    ? { kind: row.resolvedByKind as InboxResolver["kind"], id: row.resolvedById, name: row.resolvedByName }
    : null,
});

export const rowToRun = (row: RunRow): RunRecord => ({
  id: row.id,
  status: row.status as RunStatus,
  created_at: iso(row.createdAt),
  ...(row.error !== null && { error: row.error }),
  ...(row.startedById !== null && { started_by: row.startedById }),
  model_steps: row.modelSteps,
  effective_tokens: row.effectiveTokens,
});

export const rowToToolCallState = (row: ToolCallStateRow): ToolCallState => ({
  call_id: row.callId,
  run_id: row.runId,
  tool_name: row.toolName,
  status: row.status as ToolCallStatus,
  ...(row.result !== null && { result: row.result as unknown as ToolResultPayload }),
});

export const rowToSlot = (row: SlotRow): SlotRecord => ({
  id: row.id,
  run_id: row.runId,
  call_id: row.callId,
  index: row.index,
  kind: row.kind as SlotKind,
  tool_name: row.toolName,
  renderer: row.renderer,
  props: row.props,
  display_strategy: row.displayStrategy as DisplayStrategy,
  status: row.status as SlotStatus,
  // Present once resolved, even when the answer is null, as in MemoryStore.
  ...(row.status === "resolved" && { value: row.value }),
  ...(row.reason !== null && { reason: row.reason }),
  created_at: iso(row.createdAt),
  expires_at: isoOrNull(row.expiresAt),
  settled_at: isoOrNull(row.settledAt),
  ...(row.answeredByName !== null && { answered_by: { user_id: row.answeredById, name: row.answeredByName } }),
});

/**
 * A `timestamp(3)` as PostgreSQL writes it in text (`2026-03-04 05:06:07.89`) or JSON
 * (`2026-03-04T05:06:07.89`), without a zone: the columns hold UTC, as Prisma reads them.
 */
export const utcTimestamp = (text: string) => new Date(`${text.replace(" ", "T")}Z`);

/** A row as `row_to_json` gives it, for the mapping of its Prisma row: the listed timestamps become Dates. */
export function revivedRow<T>(json: Record<string, unknown>, dateColumns: readonly string[]): T {
  const row: Record<string, unknown> = { ...json };
  for (const column of dateColumns) if (typeof row[column] === "string") row[column] = utcTimestamp(row[column] as string);
  return row as T;
}

export const QUEUED_MESSAGE_DATES = ["createdAt"] as const;
export const INBOX_ITEM_DATES = ["createdAt", "resolvedAt", "expiresAt", "consumedAt"] as const;
export const MESSAGE_DATES = ["createdAt"] as const;

export type JsonRow = Record<string, unknown>;
/** The steering queue and the inbox as JSON arrays of `row_to_json` rows. */
export interface QueueAndInboxJson {
  queued: JsonRow[];
  inbox: JsonRow[];
}

/** `handoff_run_end_reads`: the queue and the inbox, and what the completing statement decided from them (RunEnd). */
export interface RunEndReadsJson extends QueueAndInboxJson {
  work: boolean;
  awaitingInbox: boolean;
}

export const queueAndInboxFrom = (row: QueueAndInboxJson): { queued: QueuedMessage[]; inbox: InboxItem[] } => ({
  queued: row.queued.map((queued) => rowToQueuedMessage(revivedRow<QueuedMessageRow>(queued, QUEUED_MESSAGE_DATES))),
  inbox: row.inbox.map((item) => rowToInboxItem(revivedRow<InboxItemRow>(item, INBOX_ITEM_DATES))),
});

export const rowToQueuedMessage = (row: QueuedMessageRow): QueuedMessage => ({
  id: row.id,
  text: row.text,
  created_at: iso(row.createdAt),
  ...(row.sentById && { sent_by: row.sentById }),
});

/** Prisma wants JsonNull, not null, for a JSON null in a nullable Json column. */
export const jsonOrJsonNull = (value: unknown) => (value === null || value === undefined ? Prisma.JsonNull : json(value));
