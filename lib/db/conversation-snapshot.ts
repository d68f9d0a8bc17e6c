import type { RunRecord } from "@/lib/agent";
import type { ConversationSnapshot, ConversationStats, SnapshotEvent } from "@/lib/schemas/conversation";
import { RESPONSE_BOUNDARY_EVENTS, RESPONSE_EVENTS } from "@/lib/schemas/response-events";
import { NotFoundError } from "@/lib/agent/errors";
import { Prisma, prisma, type Message as MessageRow } from "./client";
import { activePathCte, branchPointsSelect, MESSAGE_COLUMNS } from "./store/message-path";
import { InvalidCursorError } from "./keyset-cursor";
import { rowToInboxItem, rowToMessage, rowToQueuedMessage, rowToRun, rowToSlot, rowToTask } from "./store/records";
import type { TenantContext } from "./tenant-context";

export const SNAPSHOT_MESSAGE_LIMIT = 100;
/** Events of the streaming response a snapshot carries at most (about 100 s of coalesced text). */
export const RESPONSE_EVENT_LIMIT = 2000;

/**
 * The stored part of `ConversationSnapshot` (lib/schemas/conversation.ts): raw usage sums and the run row, which the server turns into
 * `stats` and `run`. Not `forms`: those views are computed by the forms runner from the instances and their definitions.
 */
export type ConversationSnapshotRows = Omit<ConversationSnapshot, "stats" | "run" | "usingDemoModel" | "forms"> & {
  usage: Omit<ConversationStats, "context_tokens" | "turns"> & { model_calls: number };
  run: RunRecord | null;
};

const EMPTY_USAGE = { tokens_in: 0, tokens_out: 0, cache_read_tokens: 0, cache_write_tokens: 0, model_calls: 0 };

/**
 * Everything the chat page draws, read in one REPEATABLE READ transaction: one database snapshot,
 * so `lastEventSeq` is exactly the last event the rest reflects and a client re-attaching after it
 * misses nothing and sees nothing twice. Messages come newest page first (`before`: a message cursor
 * from a previous answer). Slots: every pending one, plus those of the tool calls on the page.
 */
export async function readConversationSnapshot(
  tenant: Pick<TenantContext, "organizationId">,
  conversationId: string,
  options: { before?: string; limit?: number } = {},
): Promise<ConversationSnapshotRows | null> {
  const before = options.before === undefined ? undefined : parseCursor(options.before);
  const limit = options.limit ?? SNAPSHOT_MESSAGE_LIMIT;
  return prisma.$transaction(
    async (tx) => {
      const conversation = await tx.conversation.findFirst({
        where: { id: conversationId, organizationId: tenant.organizationId, deletedAt: null },
        select: { id: true, title: true, createdAt: true, lastActivityAt: true, lastEventSeq: true },
      });
      if (!conversation) return null;
      const meta = {
        id: conversation.id,
        title: conversation.title,
        createdAt: conversation.createdAt.toISOString(),
        lastActivityAt: conversation.lastActivityAt.toISOString(),
      };
      const empty = {
        conversation: meta,
        messages: [],
        earlierCursor: null,
        slots: [],
        tasks: [],
        inbox: [],
        queued: [],
        usage: EMPTY_USAGE,
        run: null,
        responseEvents: [],
        branches: [],
      };
      const store = await tx.agentStore.findFirst({
        where: { conversationId, organizationId: tenant.organizationId, namespace: "" },
        select: { id: true },
      });
      if (!store) return { ...empty, lastEventSeq: Number(conversation.lastEventSeq) };
      const own = { storeId: store.id, organizationId: tenant.organizationId };

      // The active path only (the history the agent reads); the other branches are reached by switching.
      const [rows, branchRows] = await Promise.all([
        tx.$queryRaw<MessageRow[]>`
          WITH RECURSIVE ${activePathCte(own)}
          SELECT ${MESSAGE_COLUMNS} FROM "Message" m JOIN path p ON p."seq" = m."seq"
          ${before === undefined ? Prisma.empty : Prisma.sql`WHERE m."seq" < ${before}`}
          ORDER BY m."seq" DESC
          LIMIT ${limit + 1}`,
        tx.$queryRaw<{ messageId: string; siblings: string[] }[]>`WITH RECURSIVE ${activePathCte(own)} ${branchPointsSelect(own)}`,
      ]);
      const page = rows.slice(0, limit).reverse();
      const messages = page.map(rowToMessage);
      const onPage = new Set(messages.map((message) => message.id));
      const branches = branchRows
        .filter((row) => onPage.has(row.messageId))
        .map((row) => ({ message_id: row.messageId, siblings: row.siblings }));
      const callIds = messages.flatMap((message) => message.tool_calls ?? []).map((call) => call.id);
      const [slots, tasks, inbox, queued, run, usage] = await Promise.all([
        tx.slot.findMany({ where: { ...own, OR: [{ status: "pending" }, { callId: { in: callIds } }] }, orderBy: { seq: "asc" } }),
        tx.agentTask.findMany({ where: own, orderBy: { position: "asc" } }),
        tx.inboxItem.findMany({ where: own, orderBy: { seq: "asc" } }),
        tx.queuedMessage.findMany({ where: own, orderBy: { seq: "asc" } }),
        tx.run.findFirst({ where: own, orderBy: [{ createdAt: "desc" }, { updatedAt: "desc" }] }),
        tx.$queryRaw<ConversationSnapshotRows["usage"][]>`
          SELECT COALESCE(sum((data->'consumption'->>'tokens_in')::bigint), 0)::float8 AS tokens_in,
                 COALESCE(sum((data->'consumption'->>'tokens_out')::bigint), 0)::float8 AS tokens_out,
                 COALESCE(sum((data->'consumption'->>'cache_read_tokens')::bigint), 0)::float8 AS cache_read_tokens,
                 COALESCE(sum((data->'consumption'->>'cache_write_tokens')::bigint), 0)::float8 AS cache_write_tokens,
                 count(*)::float8 AS model_calls
          FROM "RunEvent"
          WHERE "conversationId" = ${conversationId} AND "organizationId" = ${tenant.organizationId} AND "type" = 'token_consumption'`,
      ]);
      const lastEventSeq = Number(conversation.lastEventSeq);
      const responseEvents =
        run?.status === "running" ? await readResponseEvents(tx, tenant.organizationId, conversationId, lastEventSeq) : [];
      return {
        conversation: meta,
        messages,
        earlierCursor: rows.length > limit ? String(page[0].seq) : null,
        slots: slots.map(rowToSlot),
        tasks: tasks.map(rowToTask),
        inbox: inbox.map(rowToInboxItem),
        queued: queued.map(rowToQueuedMessage),
        usage: usage[0] ?? EMPTY_USAGE,
        run: run ? rowToRun(run) : null,
        lastEventSeq,
        responseEvents,
        branches,
      };
    },
    { isolationLevel: "RepeatableRead" },
  );
}

type Tx = Parameters<Parameters<typeof prisma.$transaction>[0]>[0];

/** The events of the response streaming now: from the last one that began a response up to `lastEventSeq`. */
async function readResponseEvents(tx: Tx, organizationId: string, conversationId: string, lastEventSeq: number): Promise<SnapshotEvent[]> {
  const rows = await tx.$queryRaw<{ seq: bigint; type: string; data: Record<string, unknown> | null }[]>`
    SELECT e."seq", e."type", e."data" FROM "RunEvent" e
    WHERE e."conversationId" = ${conversationId} AND e."organizationId" = ${organizationId}
      AND e."seq" <= ${lastEventSeq} AND e."type" = ANY(${[...RESPONSE_BOUNDARY_EVENTS, ...RESPONSE_EVENTS]}::text[])
      AND e."seq" >= COALESCE((
        SELECT b."seq" FROM "RunEvent" b
        WHERE b."conversationId" = ${conversationId} AND b."organizationId" = ${organizationId}
          AND b."seq" <= ${lastEventSeq} AND b."type" = ANY(${[...RESPONSE_BOUNDARY_EVENTS]}::text[])
        ORDER BY b."seq" DESC LIMIT 1
      ), 0)
    ORDER BY e."seq"
    LIMIT ${RESPONSE_EVENT_LIMIT}`;
  return rows.map((row) => ({ ...(row.data ?? {}), type: row.type, seq: Number(row.seq) }));
}

function parseCursor(cursor: string): bigint {
  if (!/^\d{1,18}$/.test(cursor)) throw new InvalidCursorError();
  return BigInt(cursor);
}

/** Where a stream that should show everything from now on starts: the conversation's last event number. */
export async function readLastEventSeq(tenant: Pick<TenantContext, "organizationId">, conversationId: string): Promise<number> {
  const row = await prisma.conversation.findFirst({
    where: { id: conversationId, organizationId: tenant.organizationId, deletedAt: null },
    select: { lastEventSeq: true },
  });
  if (!row) throw new NotFoundError("The conversation");
  return Number(row.lastEventSeq);
}

/** The conversation's most recent run, any status. */
export async function readLatestRun(tenant: Pick<TenantContext, "organizationId">, conversationId: string): Promise<RunRecord | null> {
  const row = await prisma.run.findFirst({
    where: { organizationId: tenant.organizationId, store: { conversationId, namespace: "" } },
    orderBy: [{ createdAt: "desc" }, { updatedAt: "desc" }],
  });
  return row ? rowToRun(row) : null;
}
