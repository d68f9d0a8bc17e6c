import type { Message, ToolCall, ToolResult } from "@/lib/agent";
import {
  CONVERSATION_EXPORT_FORMAT,
  type ConversationExport,
  type ExportCard,
  type ExportMessage,
} from "@/lib/schemas/conversation-export";
import { prisma, type Message as MessageRow } from "./client";
import { activePathCte, MESSAGE_COLUMNS } from "./store/message-path";
import { rowToMessage } from "./store/records";
import type { TenantContext } from "./tenant-context";

type Tenant = Pick<TenantContext, "organizationId">;

/** What an export holds: kept conversations only (not temporary ones, not ones deleted and waiting for the purge). */
const KEPT = { temporary: false, deletedAt: null } as const;

/**
 * Conversations in the v1 export shape (lib/schemas/conversation-export.ts), read from the stored
 * messages (the active path of each, one read per conversation) and slots of their main store (one read
 * per table), so the organization export pages by conversation and the single export is a page of one.
 * What the model saw but people did not (compaction summaries, skill injections) is left out.
 */
export async function readConversationExports(tenant: Tenant, conversationIds: string[]): Promise<ConversationExport[]> {
  if (conversationIds.length === 0) return [];
  const where = { organizationId: tenant.organizationId, conversationId: { in: conversationIds } };
  const [conversations, stores, slots] = await Promise.all([
    prisma.conversation.findMany({
      where: { organizationId: tenant.organizationId, id: { in: conversationIds }, ...KEPT },
      select: { id: true, title: true, createdAt: true },
    }),
    prisma.agentStore.findMany({ where: { ...where, namespace: "" }, select: { id: true, conversationId: true } }),
    prisma.slot.findMany({ where, orderBy: { seq: "asc" } }),
  ]);
  // Each conversation's shown version (the active path of the message tree), as the agent reads it.
  const paths = await Promise.all(
    stores.map(
      (store) => prisma.$queryRaw<MessageRow[]>`
        WITH RECURSIVE ${activePathCte({ storeId: store.id, organizationId: tenant.organizationId })}
        SELECT ${MESSAGE_COLUMNS} FROM "Message" m JOIN path p ON p."seq" = m."seq"
        ORDER BY m."seq"`,
    ),
  );
  const messages = paths.flat();
  const conversationOfStore = new Map(stores.map((store) => [store.id, store.conversationId]));
  const messagesOf = groupBy(messages, (row) => conversationOfStore.get(row.storeId) ?? "");
  // Cards of the exported path's calls only (not of other versions, not of subagents' stores).
  const pathCalls = new Set(
    messages.flatMap((row) => (Array.isArray(row.toolCalls) ? (row.toolCalls as { id: string }[]) : []).map((call) => call.id)),
  );
  const cardsOf = groupBy(
    slots.filter((row) => pathCalls.has(row.callId)),
    (row) => row.conversationId,
  );
  const byId = new Map(conversations.map((conversation) => [conversation.id, conversation]));
  return conversationIds.flatMap((id) => {
    const conversation = byId.get(id);
    if (!conversation) return [];
    return [
      {
        format: CONVERSATION_EXPORT_FORMAT,
        title: conversation.title,
        created_at: conversation.createdAt.toISOString(),
        messages: (messagesOf.get(id) ?? []).map(rowToMessage).filter(shownToPeople).map(toExportMessage),
        cards: (cardsOf.get(id) ?? []).map(toExportCard),
      },
    ];
  });
}

/** The conversation's export, or null when it is not this tenant's. */
export async function readConversationExport(tenant: Tenant, conversationId: string): Promise<ConversationExport | null> {
  const [found] = await readConversationExports(tenant, [conversationId]);
  return found ?? null;
}

/** The next page of the organization's conversation ids after `after`, by id (a keyset that new rows cannot shift). */
export async function pageConversationIds(tenant: Tenant, after: string | null, limit: number): Promise<string[]> {
  const rows = await prisma.conversation.findMany({
    where: { organizationId: tenant.organizationId, ...KEPT, ...(after !== null && { id: { gt: after } }) },
    orderBy: { id: "asc" },
    take: limit,
    select: { id: true },
  });
  return rows.map((row) => row.id);
}

const shownToPeople = (message: Message) => !message.is_compaction && !message.is_skill_injection;

function toExportMessage(message: Message): ExportMessage {
  return {
    sender: message.sender,
    text: message.text,
    created_at: message.created_at ?? null,
    ...(message.tool_calls?.length && { tool_calls: message.tool_calls.map(toExportCall) }),
    ...(message.tool_results?.length && { tool_results: message.tool_results.map(toExportResult) }),
  };
}

const toExportCall = (call: ToolCall) => ({ id: call.id, name: call.tool_name, input: call.input_args });

const toExportResult = (result: ToolResult) => ({
  call_id: result.call_id,
  name: result.tool_name,
  status: result.result.status,
  data: result.result.data,
  ...(result.result.message !== undefined && { message: result.result.message }),
});

type SlotRow = Awaited<ReturnType<typeof prisma.slot.findMany>>[number];

function toExportCard(row: SlotRow): ExportCard {
  return {
    call_id: row.callId,
    tool_name: row.toolName,
    question: row.props,
    status: row.status,
    ...(row.value !== null && { answer: row.value }),
    ...(row.reason !== null && { reason: row.reason }),
    asked_at: row.createdAt.toISOString(),
    answered_at: row.settledAt?.toISOString() ?? null,
    ...(row.answeredByName !== null && { answered_by: { name: row.answeredByName } }),
  };
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}
