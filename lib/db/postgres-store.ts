import { randomUUID } from "node:crypto";
import { NotFoundError } from "@/lib/agent/errors";
import type { Message, ToolResultPayload } from "@/lib/agent/messages";
import { permissionInputKey } from "@/lib/agent/permissions";
import type { TokenUsage } from "@/lib/agent/model-adapter";
import type {
  BranchPoint,
  BranchStart,
  InboxItem,
  InboxItemStatus,
  PermissionDecisionRecord,
  SlotAnswerAudit,
  PermissionRecord,
  PermissionRequestRecord,
  StoredPermissionRequest,
  QueuedMessage,
  RunEnd,
  RunRecord,
  RunStartReads,
  RunStatus,
  RunUsage,
  SlotRecord,
  SlotSettlement,
  SlotStatus,
  StoreAdapter,
  Task,
  ToolCallState,
} from "@/lib/agent/store-adapter";
import { recordAudit } from "@/lib/db/audit";
import {
  isSharedPrisma,
  Prisma,
  type Message as MessageRow,
  type PrismaClient,
  type ToolCallState as ToolCallStateRow,
} from "@/lib/db/client";
import { permissionDecisionAudit } from "@/lib/db/permissions";
import {
  ORGANIZATION_WIDE_USER_ID,
  TOOL_WIDE_INPUT_KEY,
  jsonOrJsonNull,
  messageToJsonRow,
  rowToInboxItem,
  rowToMessage,
  rowToPermission,
  rowToPermissionRequest,
  rowToQueuedMessage,
  revivedRow,
  queueAndInboxFrom,
  MESSAGE_DATES,
  type JsonRow,
  type QueueAndInboxJson,
  type RunEndReadsJson,
  rowToRun,
  rowToSlot,
  rowToTask,
  rowToToolCallState,
  toDate,
  toDateOrNull,
} from "@/lib/db/store/records";
import { activePathCte, branchPointsSelect, MESSAGE_COLUMNS } from "@/lib/db/store/message-path";
import { storableJson } from "@/lib/schemas/text";
import { postInboxItem } from "./inbox-items";
import { rawRows } from "./raw-sql";
import { RunStartAdmission } from "./run-start-admission";
import type { AdmissionRow, UsageAdmissionRequest, UsageRefusal } from "./usage-admission";
import { approvalRequestedEvent, approvalResolvedEvent, runCompletedEventInStatement, runFinishedEvent } from "./outbox";
import { isDenial, PERMISSION_RENDERER } from "@/lib/agent/permissions";

/** Which store: a conversation of a tenant, and "" (the conversation's own) or a subagent's namespace. */
export interface StoreScope {
  organizationId: string;
  conversationId: string;
  namespace?: string;
}

type FinishedRunRow = { startedById: string | null; createdAt: Date; updatedAt: Date; error: string | null };

const ACTIVE_RUN_STATUSES: RunStatus[] = ["running", "suspended"];
const DISMISSED_REASON = "The run was stopped.";
const EXPIRED_REASON = "Nobody answered in time.";

/**
 * The StoreAdapter over Postgres, scoped to one tenant, one conversation and one namespace (one
 * AgentStore row). Every query filters by the store's id and organizationId. Conditional methods
 * are single conditional statements, except `createRun`, which locks the store row (see there), so
 * they hold across server instances. Each method is one round trip unless its doc says otherwise.
 */
export class PostgresStore implements StoreAdapter {
  readonly identifier: string;

  private constructor(
    private readonly db: PrismaClient,
    private readonly storeId: string,
    readonly organizationId: string,
    readonly conversationId: string,
    readonly namespace: string,
  ) {
    this.identifier = namespace ? `${conversationId}/${namespace}` : conversationId;
    // The hottest statements skip Prisma's per-query work on the shared client's database (raw-sql.ts).
    this.rows = isSharedPrisma(db) ? rawRows : <T>(sql: Prisma.Sql) => db.$queryRaw<T[]>(sql);
  }

  /** Rows of one of the turn's hot statements: on the raw pool for the app's client, else through `db`. */
  private readonly rows: <T = unknown>(sql: Prisma.Sql) => Promise<T[]>;

  /**
   * The store of a conversation of this tenant, created on first use. A conversation that does not
   * exist in this tenant is a NotFoundError, also when it exists in another one.
   */
  static async open(db: PrismaClient, scope: StoreScope): Promise<PostgresStore> {
    const namespace = scope.namespace ?? "";
    // A read when the store exists (the usual case: conversations are created with theirs), an
    // insert otherwise. Two openers racing to create it: the loser's insert does nothing and
    // its snapshot predates the winner's row, so it reads again.
    for (let attempt = 0; attempt < 2; attempt++) {
      const rows = await db.$queryRaw<{ id: string }[]>`
        WITH existing AS (
          SELECT "id" FROM "AgentStore"
          WHERE "conversationId" = ${scope.conversationId} AND "organizationId" = ${scope.organizationId} AND "namespace" = ${namespace}
        ), created AS (
          INSERT INTO "AgentStore" ("id", "organizationId", "conversationId", "namespace")
          SELECT ${randomUUID()}, c."organizationId", c."id", ${namespace}
          FROM "Conversation" c
          WHERE c."id" = ${scope.conversationId} AND c."organizationId" = ${scope.organizationId} AND NOT EXISTS (SELECT 1 FROM existing)
          ON CONFLICT ("organizationId", "conversationId", "namespace") DO NOTHING
          RETURNING "id"
        )
        SELECT "id" FROM existing UNION ALL SELECT "id" FROM created`;
      if (rows.length > 0) return new PostgresStore(db, rows[0].id, scope.organizationId, scope.conversationId, namespace);
      const conversation = await db.conversation.findFirst({
        where: { id: scope.conversationId, organizationId: scope.organizationId },
        select: { id: true },
      });
      if (!conversation) break;
    }
    throw new NotFoundError("The conversation");
  }

  /** The store of a conversation whose AgentStore id was just read with the tenant check (lib/db/turn-start.ts). */
  static ofKnownStore(db: PrismaClient, scope: StoreScope, storeId: string): PostgresStore {
    return new PostgresStore(db, storeId, scope.organizationId, scope.conversationId, scope.namespace ?? "");
  }

  /** The filter every query of this store starts from. */
  private get own() {
    return { storeId: this.storeId, organizationId: this.organizationId };
  }

  private get self() {
    return { id: this.storeId, organizationId: this.organizationId };
  }

  // ── Messages ──────────────────────────────────────────────────────────

  /** One statement: the path walked up from the store's leaf (activePath). */
  async getMessages(): Promise<Message[]> {
    const rows = await this.rows<MessageRow>(Prisma.sql`
      WITH RECURSIVE ${activePathCte(this.own)}
      SELECT ${MESSAGE_COLUMNS} FROM "Message" m JOIN path p ON p."seq" = m."seq"
      ORDER BY m."seq"`);
    return rows.map(rowToMessage);
  }

  /**
   * One statement: the migration's `handoff_append_messages` locks the store row, inserts in order,
   * each the child of the leaf before it, skipping ids already stored (ON CONFLICT DO NOTHING on
   * (storeId, messageId)), moves the leaf and writes the counters added since the last append.
   */
  async appendMessages(messages: Message[]): Promise<void> {
    if (messages.length === 0) return;
    const { tokens, turns } = this.unwritten;
    const usage = this.runUsageUpdate();
    await this.rows(Prisma.sql`
      WITH ${usage.cte}
      SELECT ${this.appendCall(messages, tokens, turns)}::text AS "appended"`);
    usage.written(false);
    this.unwritten.tokens -= tokens;
    this.unwritten.turns -= turns;
  }

  /** `handoff_append_messages` of these messages, adding the counters given. */
  private appendCall(messages: Message[], tokens: number, turns: number) {
    // Model output may hold NUL or unpaired surrogates, which Postgres refuses in text and jsonb: cleaned, never lost.
    const rows = JSON.stringify(storableJson(messages.map(messageToJsonRow)));
    return Prisma.sql`"handoff_append_messages"(${this.storeId}, ${this.organizationId}, ${rows}::json, ${tokens}::int, ${turns}::int)`;
  }

  /** One transaction: the store row locked (createRun's lock), so no run can start while the leaf moves. */
  async switchBranch(messageId: string): Promise<"switched" | "busy" | "not_found"> {
    return this.db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1 FROM "AgentStore" WHERE "id" = ${this.storeId} AND "organizationId" = ${this.organizationId} FOR UPDATE`;
      const start = await this.messageSeq(tx, messageId);
      if (start === null) return "not_found";
      if (await tx.run.findFirst({ where: { ...this.own, status: { in: ACTIVE_RUN_STATUSES } }, select: { id: true } })) return "busy";
      // Down from the message, always to the newest child; children have higher seqs, so the last one reached is the leaf.
      await tx.$executeRaw`
        WITH RECURSIVE down("seq") AS (
          SELECT ${start}::bigint
          UNION ALL
          SELECT (SELECT c."seq" FROM "Message" c WHERE c."storeId" = ${this.storeId} AND c."parentSeq" = d."seq" ORDER BY c."seq" DESC LIMIT 1)
          FROM down d WHERE d."seq" IS NOT NULL
        )
        UPDATE "AgentStore" SET "leafSeq" = (SELECT max("seq") FROM down)
        WHERE "id" = ${this.storeId} AND "organizationId" = ${this.organizationId}`;
      return "switched";
    });
  }

  async getBranchPoints(): Promise<BranchPoint[]> {
    const rows = await this.db.$queryRaw<{ messageId: string; siblings: string[] }[]>`
      WITH RECURSIVE ${activePathCte(this.own)} ${branchPointsSelect(this.own)}`;
    return rows.map((row) => ({ message_id: row.messageId, siblings: row.siblings }));
  }

  /** One statement; the input is compared canonically here (key order must not matter, which SQL json cannot tell). */
  async findOffPathToolResult(toolName: string, inputKey: string, under: string | null): Promise<ToolResultPayload | null> {
    // The subtree under `under`: the versions of the request a branch replaced, never older turns' calls;
    // the path is walked only down from `under` (on the path), so a long conversation costs no more.
    const subtree =
      under === null
        ? Prisma.empty
        : Prisma.sql`, below("seq") AS (
            SELECT "seq" FROM "Message" WHERE "storeId" = ${this.storeId} AND "messageId" = ${under}
            UNION ALL
            SELECT m."seq" FROM below b JOIN "Message" m ON m."parentSeq" = b."seq" AND m."storeId" = ${this.storeId}
          )`;
    const rows = await this.db.$queryRaw<{ input: unknown; result: ToolResultPayload }[]>`
      WITH RECURSIVE ${activePathCte(this.own, undefined, under ?? undefined)} ${subtree}
      SELECT c->'input_args' AS "input", t."result"
      FROM "Message" m
      CROSS JOIN LATERAL json_array_elements(m."toolCalls") AS c
      JOIN "ToolCallState" t ON t."storeId" = m."storeId" AND t."callId" = c->>'id' AND t."status" = 'done'
      WHERE m."storeId" = ${this.storeId} AND m."organizationId" = ${this.organizationId} AND m."sender" = 'agent'
        AND json_typeof(m."toolCalls") = 'array' AND c->>'tool_name' = ${toolName} AND t."result"->>'status' = 'success'
        AND m."seq" NOT IN (SELECT "seq" FROM path)
        ${under === null ? Prisma.empty : Prisma.sql`AND m."seq" IN (SELECT "seq" FROM below)`}
      ORDER BY m."seq"`;
    return rows.find((row) => permissionInputKey(row.input) === inputKey)?.result ?? null;
  }

  private async messageSeq(db: Prisma.TransactionClient, messageId: string): Promise<bigint | null> {
    const row = await db.message.findFirst({ where: { ...this.own, messageId }, select: { seq: true } });
    return row?.seq ?? null;
  }

  // ── Counters ──────────────────────────────────────────────────────────
  // Written behind: added here, stored by the next appendMessages of this instance (which in the
  // loop follows every model call at once) or the next transitionRun, saving two round trips per
  // model step. Reads on this instance include what is not written yet; other instances see it
  // once written. A crash before the write loses the count of a reply that was not stored either.

  private readonly unwritten = { tokens: 0, turns: 0 };
  /** Run usage (addRunUsage) by run id, written behind the same way. */
  private readonly unwrittenUsage = new Map<string, RunUsage>();

  async getTokenCount(): Promise<number> {
    return (await this.storedCounters()).tokenCount + this.unwritten.tokens;
  }

  async addTokens(usage: TokenUsage): Promise<void> {
    this.unwritten.tokens += usage.tokens_in + usage.tokens_out;
  }

  async getTurnCount(): Promise<number> {
    return (await this.storedCounters()).turnCount + this.unwritten.turns;
  }

  async incrementTurn(): Promise<void> {
    this.unwritten.turns += 1;
  }

  async resetCounters(): Promise<void> {
    this.unwritten.tokens = 0;
    this.unwritten.turns = 0;
    await this.db.agentStore.updateMany({ where: this.self, data: { tokenCount: 0, turnCount: 0 } });
  }

  private async storedCounters() {
    const row = await this.db.agentStore.findFirst({ where: this.self, select: { tokenCount: true, turnCount: true } });
    if (!row) throw new NotFoundError("The conversation");
    return row;
  }

  /** A CTE for a statement's WITH that adds the given counters, or a no-op CTE when there is nothing to add. */
  private counterUpdate(tokens: number, turns: number, guard: Prisma.Sql = Prisma.empty) {
    if (tokens === 0 && turns === 0) return Prisma.sql`counted AS (SELECT 1)`;
    return Prisma.sql`counted AS (
      UPDATE "AgentStore" SET "tokenCount" = "tokenCount" + ${tokens}::int, "turnCount" = "turnCount" + ${turns}::int
      WHERE "id" = ${this.storeId} AND "organizationId" = ${this.organizationId} ${guard}
    )`;
  }

  // ── Tasks ─────────────────────────────────────────────────────────────

  async getTasks(): Promise<Task[]> {
    const rows = await this.db.agentTask.findMany({ where: this.own, orderBy: { position: "asc" } });
    return rows.map(rowToTask);
  }

  async addTasks(tasks: Task[]): Promise<void> {
    // One statement: overwrite positions 0..n-1, drop the rest. The two touch disjoint rows.
    await this.db.$executeRaw`
      WITH dropped AS (
        DELETE FROM "AgentTask"
        WHERE "storeId" = ${this.storeId} AND "organizationId" = ${this.organizationId} AND "position" >= ${tasks.length}::int
      )
      INSERT INTO "AgentTask" ("storeId", "position", "organizationId", "taskId", "content", "activeForm", "status")
      SELECT ${this.storeId}, (t.ord - 1)::int, ${this.organizationId},
             t.task->>'id', t.task->>'content', t.task->>'activeForm', t.task->>'status'
      FROM json_array_elements(${JSON.stringify(storableJson(tasks))}::json) WITH ORDINALITY AS t(task, ord)
      ON CONFLICT ("organizationId", "storeId", "position") DO UPDATE SET
        "taskId" = EXCLUDED."taskId", "content" = EXCLUDED."content",
        "activeForm" = EXCLUDED."activeForm", "status" = EXCLUDED."status"`;
  }

  async updateTask(taskId: string, updates: Partial<Pick<Task, "status" | "content" | "activeForm">>): Promise<void> {
    const data = definedOnly({ status: updates.status, content: updates.content, activeForm: updates.activeForm });
    if (Object.keys(data).length === 0) return;
    await this.db.agentTask.updateMany({ where: { ...this.own, taskId }, data });
  }

  // ── Permissions (tenant-wide) ─────────────────────────────────────────

  async getPermission(toolName: string, inputKey: string | null, userId: string | null = null): Promise<PermissionRecord | null> {
    const row = await this.db.toolPermission.findUnique({
      where: { organizationId_toolName_inputKey_userId: this.permissionKey(toolName, inputKey, userId) },
    });
    return row ? rowToPermission(row) : null;
  }

  async setPermission(record: PermissionRecord, db: Prisma.TransactionClient | PrismaClient = this.db): Promise<void> {
    const key = this.permissionKey(record.tool_name, record.input_key, record.user_id ?? null);
    const decision = { status: record.status, reason: record.reason ?? null, grantedById: record.granted_by ?? null };
    await db.toolPermission.upsert({
      where: { organizationId_toolName_inputKey_userId: key },
      create: { ...key, ...decision },
      update: decision,
    });
  }

  async getPermissionRequest(slotId: string): Promise<StoredPermissionRequest | null> {
    const row = await this.db.permissionRequest.findFirst({ where: { organizationId: this.organizationId, slotId } });
    return row ? rowToPermissionRequest(row) : null;
  }

  private permissionKey(toolName: string, inputKey: string | null, userId: string | null) {
    return {
      organizationId: this.organizationId,
      toolName,
      inputKey: inputKey ?? TOOL_WIDE_INPUT_KEY,
      userId: userId ?? ORGANIZATION_WIDE_USER_ID,
    };
  }

  // ── Inbox ─────────────────────────────────────────────────────────────

  async getInboxItems(): Promise<InboxItem[]> {
    const rows = await this.db.inboxItem.findMany({ where: this.own, orderBy: { seq: "asc" } });
    return rows.map(rowToInboxItem);
  }

  /** Inserts the item and its `inbox.item.created` event in one transaction (lib/db/inbox-items.ts). */
  async addInboxItem(posted: InboxItem): Promise<void> {
    await postInboxItem(this.db, { ...this.own, conversationId: this.conversationId }, posted);
  }

  async updateInboxItem(
    itemId: string,
    updates: Partial<Pick<InboxItem, "status" | "response" | "resolved_at" | "resolved_by">>,
    expectedStatus?: InboxItemStatus,
  ): Promise<boolean> {
    const where = { ...this.own, id: itemId, ...(expectedStatus !== undefined && { status: expectedStatus }) };
    const data = definedOnly({
      status: updates.status,
      response: updates.response === undefined ? undefined : storableJson(updates.response),
      resolvedAt: updates.resolved_at === undefined ? undefined : toDateOrNull(updates.resolved_at),
      ...(updates.resolved_by !== undefined && {
        resolvedByKind: updates.resolved_by?.kind ?? null,
        resolvedById: updates.resolved_by?.id ?? null,
        resolvedByName: updates.resolved_by?.name ?? null,
      }),
    });
    if (Object.keys(data).length === 0) return (await this.db.inboxItem.count({ where })) === 1;
    const { count } = await this.db.inboxItem.updateMany({ where, data });
    return count === 1;
  }

  async getResolvedInboxItems(): Promise<InboxItem[]> {
    const rows = await this.db.inboxItem.findMany({
      where: { ...this.own, OR: [{ status: "resolved" }, { status: { in: ["expired", "cancelled"] }, consumedAt: null }] },
      orderBy: { seq: "asc" },
    });
    return rows.map(rowToInboxItem);
  }

  /** One statement: resolved items become consumed, expired and cancelled ones keep their status; all get `consumedAt`. */
  async markInboxConsumed(itemIds: string[], at = new Date().toISOString()): Promise<void> {
    if (itemIds.length === 0) return;
    await this.db.$executeRaw`
      UPDATE "InboxItem" SET "status" = CASE WHEN "status" = 'resolved' THEN 'consumed' ELSE "status" END, "consumedAt" = ${toDate(at)}
      WHERE "storeId" = ${this.storeId} AND "organizationId" = ${this.organizationId} AND "id" = ANY(${itemIds})
        AND ("status" = 'resolved' OR ("status" IN ('expired', 'cancelled') AND "consumedAt" IS NULL))`;
  }

  // ── Subagents ─────────────────────────────────────────────────────────

  async createSubAgentStore(namespace: string, durable = false): Promise<StoreAdapter> {
    if (!namespace) throw new Error("A subagent store needs a namespace.");
    const path = this.namespace ? `${this.namespace}/${namespace}` : namespace;
    // Not durable: a namespace of its own, so every call gets a fresh, empty store.
    return PostgresStore.open(this.db, {
      organizationId: this.organizationId,
      conversationId: this.conversationId,
      namespace: durable ? path : `${path}#${randomUUID()}`,
    });
  }

  // ── Runs ──────────────────────────────────────────────────────────────

  /**
   * One round trip: the migration's `handoff_start_run` locks the store row, then checks for an
   * active run and inserts. A conditional INSERT alone is not enough: its NOT EXISTS reads the
   * snapshot taken when it started, so two creators could both see no active run; the function's
   * INSERT, a statement of its own after the lock, sees every run committed before it was granted.
   */
  async createRun(run: RunRecord, branch?: BranchStart): Promise<boolean> {
    const start = Prisma.sql`
      SELECT "handoff_start_run"(${this.storeId}, ${this.organizationId}, ${run.id}, ${run.error ?? null}::text,
                                 ${toDate(run.created_at)}::timestamp(3), ${new Date()}::timestamp(3), ${run.started_by ?? null}::text) AS started`;
    if (!branch) return (await this.rows<{ started: boolean }>(start))[0].started;
    // A branch: the leaf moves in the run's transaction, under the lock `handoff_start_run` takes.
    return this.db.$transaction(async (tx) => {
      const leaf = branch.leaf === null ? null : await this.messageSeq(tx, branch.leaf);
      if (branch.leaf !== null && leaf === null) throw new NotFoundError("The message");
      const [{ started }] = await tx.$queryRaw<{ started: boolean }[]>(start);
      if (started) await tx.agentStore.updateMany({ where: this.self, data: { leafSeq: leaf } });
      return started;
    });
  }

  private runStartAdmission: RunStartAdmission | null = null;

  /**
   * Makes the usage admission `request` in the statement of this store's next `createRunAndRead`,
   * the run's start, instead of in a round trip of its own (lib/db/run-start-admission.ts): a
   * refusal throws `refusal(outcome)` from it. `cancel` the returned admission when no run start follows.
   */
  admitAtNextRunStart(request: UsageAdmissionRequest, refusal: (outcome: UsageRefusal) => Error): RunStartAdmission {
    if (request.organizationId !== this.organizationId) throw new Error("An admission at a run's start is the store's own organization's.");
    this.runStartAdmission?.cancel();
    this.runStartAdmission = new RunStartAdmission(request, refusal);
    return this.runStartAdmission;
  }

  /**
   * One round trip: the migration's `handoff_start_run_reading` starts the run as `createRun` does
   * and, when it took, reads the history, the queue and the inbox in statements of its own after
   * the store row's lock, as JSON read back by getMessages' and getQueueAndInbox's mappings. With
   * an admission waiting (`admitAtNextRunStart`), the same statement makes it first and starts the
   * run only when it admitted.
   */
  async createRunAndRead(run: RunRecord): Promise<RunStartReads | null> {
    type Reads = { reads: (QueueAndInboxJson & { messages: JsonRow[] }) | null };
    const start = Prisma.sql`"handoff_start_run_reading"(${this.storeId}, ${this.organizationId}, ${run.id}, ${run.error ?? null}::text,
      ${toDate(run.created_at)}::timestamp(3), ${new Date()}::timestamp(3), ${run.started_by ?? null}::text)`;
    const admission = this.runStartAdmission?.pending ? this.runStartAdmission : null;
    this.runStartAdmission = null;
    const { reads } = admission
      ? await admission.withStart(
          async (admit) =>
            (
              await this.rows<Reads & { admission: AdmissionRow }>(Prisma.sql`
                WITH admission AS (SELECT ${admit} AS admission)
                SELECT a.admission, CASE WHEN a.admission->>'refusal' IS NULL THEN ${start} END AS reads FROM admission a`)
            )[0],
        )
      : (await this.rows<Reads>(Prisma.sql`SELECT ${start} AS reads`))[0];
    if (!reads) return null;
    return {
      history: reads.messages.map((message) => rowToMessage(revivedRow<MessageRow>(message, MESSAGE_DATES))),
      ...queueAndInboxFrom(reads),
    };
  }

  async getRun(runId: string): Promise<RunRecord | null> {
    const row = await this.db.run.findFirst({ where: { ...this.own, id: runId } });
    return row ? this.withUnwrittenUsage(rowToRun(row)) : null;
  }

  async getActiveRun(): Promise<RunRecord | null> {
    const row = await this.db.run.findFirst({ where: { ...this.own, status: { in: ACTIVE_RUN_STATUSES } } });
    return row ? this.withUnwrittenUsage(rowToRun(row)) : null;
  }

  /** Also writes the counters not written yet (a run ends with a transition), in the same statement (runMove). */
  async transitionRun(runId: string, from: RunStatus[], to: RunStatus, error?: string): Promise<boolean> {
    const { tokens, turns } = this.unwritten;
    const move = this.runMove(runId, from, to, error, Prisma.empty);
    const statement = Prisma.sql`WITH ${move.ctes} SELECT * FROM moved`;
    const announced = this.namespace === "" && to === "failed" ? to : null;
    const moved = announced
      ? await this.db.$transaction(async (tx) => {
          const rows = await tx.$queryRaw<FinishedRunRow[]>(statement);
          if (rows[0]) {
            const run = { ...rows[0], organizationId: this.organizationId, conversationId: this.conversationId, runId };
            await tx.outboxEvent.create({ data: runFinishedEvent(run, announced) });
          }
          return rows;
        })
      : await this.rows<FinishedRunRow>(statement);
    move.usageWritten(moved.length === 1);
    this.unwritten.tokens -= tokens;
    this.unwritten.turns -= turns;
    return moved.length === 1;
  }

  /**
   * One round trip: the messages' `handoff_append_messages` (with the counters), then the migration's
   * `handoff_run_end_reads`, which takes the store row's lock and reads the queue and the inbox after
   * it; the same statement completes the run, as transitionRun does, only when they hold no work.
   */
  async completeRunUnlessWork(runId: string, messages: Message[] = []): Promise<RunEnd> {
    const { tokens, turns } = this.unwritten;
    const appending = messages.length > 0;
    // The append adds the counters, whatever the end finds: the store row cannot be updated twice in one statement.
    const move = this.runMove(
      runId,
      ["running"],
      "completed",
      undefined,
      Prisma.sql`AND NOT (SELECT (f.r->>'work')::boolean FROM found f)`,
      appending ? { tokens: 0, turns: 0 } : this.unwritten,
    );
    const found = appending
      ? Prisma.sql`appended AS (SELECT ${this.appendCall(messages, tokens, turns)}::text AS a),
      found AS (SELECT "handoff_run_end_reads"(${this.storeId}, ${this.organizationId}) AS r FROM appended)`
      : Prisma.sql`found AS (SELECT "handoff_run_end_reads"(${this.storeId}, ${this.organizationId}) AS r)`;
    const [{ reads, moved }] = await this.rows<{ reads: RunEndReadsJson; moved: number }>(Prisma.sql`
      WITH ${found},
      ${move.ctes}
      SELECT (SELECT f.r FROM found f) AS reads, (SELECT count(*) FROM moved)::int AS moved`);
    // The run's usage and counters are written with its completion; kept for the next append when work kept it running.
    move.usageWritten(moved === 1);
    if (appending || !reads.work) {
      this.unwritten.tokens -= tokens;
      this.unwritten.turns -= turns;
    }
    if (reads.work) return { kind: "work", ...queueAndInboxFrom(reads) };
    return moved === 1 ? { kind: "completed", awaitingInbox: reads.awaitingInbox } : { kind: "not_running" };
  }

  /**
   * The CTEs that move a run (`moved`, returning the finished row) and add `counters` (default: the
   * counters not written yet), each only when `guard` (SQL appended to their WHERE) holds, and the run usage not written
   * yet (`usageWritten` to call once the statement succeeded). A run of the conversation's own
   * store that completes is announced (`run.completed`) by the same statement; one that fails
   * (`run.failed`, rare) by transitionRun in the same transaction. Such a run that leaves `running`
   * owes its verdict event until the recorder stores it (Run.verdictOwed, run-verdicts.ts).
   */
  private runMove(
    runId: string,
    from: RunStatus[],
    to: RunStatus,
    error: string | undefined,
    guard: Prisma.Sql,
    counters: { tokens: number; turns: number } = this.unwritten,
  ) {
    const at = new Date();
    const completed =
      this.namespace === "" && to === "completed"
        ? runCompletedEventInStatement({ organizationId: this.organizationId, conversationId: this.conversationId, runId, updatedAt: at })
        : null;
    const usage = this.runUsageUpdate(runId);
    const ctes = Prisma.sql`${this.counterUpdate(counters.tokens, counters.turns, guard)}, ${usage.cte},
      moved AS (
        UPDATE "Run" SET "status" = ${to}, "error" = COALESCE(${error === undefined ? null : storableJson(error)}::text, "error"), "updatedAt" = ${at}::timestamp(3),
          "verdictOwed" = ${this.namespace === "" && to !== "running"}::boolean,
          "modelSteps" = "modelSteps" + ${usage.own.steps}::int, "effectiveTokens" = "effectiveTokens" + ${usage.own.tokens}::int
        WHERE "storeId" = ${this.storeId} AND "organizationId" = ${this.organizationId} AND "id" = ${runId} AND "status" = ANY(${from}::text[]) ${guard}
        RETURNING "startedById", "createdAt", "updatedAt", "error"
      )${
        completed
          ? Prisma.sql`, announced AS (
        INSERT INTO "OutboxEvent" ("id", "organizationId", "type", "payload", "createdAt")
        SELECT ${completed.id}, ${completed.organizationId}, ${completed.type}, ${completed.payload}, ${completed.createdAt}::timestamp(3) FROM moved m
      )`
          : Prisma.empty
      }`;
    return { ctes, usageWritten: usage.written };
  }

  /** Written behind, by the next appendMessages or run move of this instance (runUsageUpdate). */
  async addRunUsage(runId: string, usage: RunUsage): Promise<void> {
    const unwritten = this.unwrittenUsage.get(runId) ?? { model_steps: 0, effective_tokens: 0 };
    this.unwrittenUsage.set(runId, {
      model_steps: unwritten.model_steps + usage.model_steps,
      effective_tokens: unwritten.effective_tokens + usage.effective_tokens,
    });
  }

  /**
   * A CTE for a statement's WITH that adds the run usage not written yet (increments in place),
   * except `moving`'s: a run the statement moves gets its usage in that UPDATE (`own`), since one
   * statement cannot update a row twice. `written(ownToo)`: call once the statement succeeded,
   * with whether the run moved; what was added meanwhile stays unwritten.
   */
  private runUsageUpdate(moving?: string) {
    const taken = [...this.unwrittenUsage].map(([id, usage]) => ({ id, steps: usage.model_steps, tokens: usage.effective_tokens }));
    const own = taken.find((entry) => entry.id === moving) ?? { id: moving, steps: 0, tokens: 0 };
    const others = taken.filter((entry) => entry.id !== moving);
    const cte =
      others.length === 0
        ? Prisma.sql`used AS (SELECT 1)`
        : Prisma.sql`used AS (
        UPDATE "Run" r SET "modelSteps" = r."modelSteps" + u."steps", "effectiveTokens" = r."effectiveTokens" + u."tokens"
        FROM json_to_recordset(${JSON.stringify(others)}::json) AS u("id" text, "steps" int, "tokens" int)
        WHERE r."storeId" = ${this.storeId} AND r."organizationId" = ${this.organizationId} AND r."id" = u."id"
      )`;
    const written = (ownToo: boolean) => {
      for (const { id, steps, tokens } of ownToo ? taken : others) {
        const left = this.unwrittenUsage.get(id)!;
        const rest = { model_steps: left.model_steps - steps, effective_tokens: left.effective_tokens - tokens };
        if (rest.model_steps === 0 && rest.effective_tokens === 0) this.unwrittenUsage.delete(id);
        else this.unwrittenUsage.set(id, rest);
      }
    };
    return { cte, own, written };
  }

  /** A run as this instance knows it: the stored row and the usage it has not written yet. */
  private withUnwrittenUsage(run: RunRecord): RunRecord {
    const unwritten = this.unwrittenUsage.get(run.id);
    if (!unwritten) return run;
    return {
      ...run,
      model_steps: (run.model_steps ?? 0) + unwritten.model_steps,
      effective_tokens: (run.effective_tokens ?? 0) + unwritten.effective_tokens,
    };
  }

  async forgetRunStarter(runId: string): Promise<void> {
    await this.db.run.updateMany({ where: { ...this.own, id: runId }, data: { startedById: null } });
  }

  // ── Tool call states ──────────────────────────────────────────────────

  async getToolCallStates(callIds: string[]): Promise<ToolCallState[]> {
    if (callIds.length === 0) return [];
    const rows = await this.db.toolCallState.findMany({ where: { ...this.own, callId: { in: callIds } } });
    const byCall = new Map(rows.map((row) => [row.callId, rowToToolCallState(row)]));
    return callIds.flatMap((callId) => byCall.get(callId) ?? []);
  }

  /** One round trip; a second only when saving over a done state (a replay), to read what stands. */
  async saveToolCallState(state: ToolCallState): Promise<ToolCallState> {
    const result = state.result === undefined ? null : JSON.stringify(storableJson(state.result));
    const [saved] = await this.db.$queryRaw<ToolCallStateRow[]>`
      INSERT INTO "ToolCallState" ("storeId", "callId", "organizationId", "runId", "toolName", "status", "result", "updatedAt")
      VALUES (${this.storeId}, ${state.call_id}, ${this.organizationId}, ${state.run_id}, ${state.tool_name}, ${state.status},
              ${result}::json, ${new Date()}::timestamp(3))
      ON CONFLICT ("organizationId", "storeId", "callId") DO UPDATE SET
        "runId" = EXCLUDED."runId", "toolName" = EXCLUDED."toolName", "status" = EXCLUDED."status",
        "result" = EXCLUDED."result", "updatedAt" = EXCLUDED."updatedAt"
      WHERE "ToolCallState"."status" <> 'done'
      RETURNING *`;
    if (saved) return rowToToolCallState(saved);
    const stored = await this.db.toolCallState.findFirstOrThrow({ where: { ...this.own, callId: state.call_id } });
    return rowToToolCallState(stored);
  }

  // ── Slots ─────────────────────────────────────────────────────────────

  /** One round trip; a second only when the (call id, index) already has a slot. */
  async createSlot(pushed: SlotRecord): Promise<SlotRecord> {
    // A tool's props and a card's answer may hold what Postgres refuses in jsonb (\u0000).
    const slot = storableJson(pushed);
    const insert = (db: Prisma.TransactionClient | PrismaClient) =>
      db.slot.createManyAndReturn({
        data: [
          {
            ...this.own,
            conversationId: this.conversationId,
            id: slot.id,
            runId: slot.run_id,
            callId: slot.call_id,
            index: slot.index,
            kind: slot.kind,
            toolName: slot.tool_name,
            renderer: slot.renderer,
            props: jsonOrJsonNull(slot.props),
            displayStrategy: slot.display_strategy,
            status: slot.status,
            ...(slot.status === "resolved" && { value: jsonOrJsonNull(slot.value) }),
            reason: slot.reason ?? null,
            createdAt: toDate(slot.created_at),
            expiresAt: toDateOrNull(slot.expires_at),
            settledAt: toDateOrNull(slot.settled_at),
          },
        ],
        skipDuplicates: true,
      });
    // A permission card is announced (`approval.requested`) in the transaction that creates it.
    const [created] =
      slot.renderer === PERMISSION_RENDERER
        ? await this.db.$transaction(async (tx) => {
            const rows = await insert(tx);
            if (rows[0]) await tx.outboxEvent.create({ data: approvalRequestedEvent(rows[0]) });
            return rows;
          })
        : await insert(this.db);
    if (created) return rowToSlot(created);
    const existing = await this.getSlotByCall(slot.call_id, slot.index);
    if (!existing) throw new Error(`Slot id ${slot.id} is already used by another tool call.`);
    return existing;
  }

  async getSlot(slotId: string): Promise<SlotRecord | null> {
    const row = await this.db.slot.findFirst({ where: { ...this.own, id: slotId } });
    return row ? rowToSlot(row) : null;
  }

  async getSlotByCall(callId: string, index: number): Promise<SlotRecord | null> {
    const row = await this.db.slot.findFirst({ where: { ...this.own, callId, index } });
    return row ? rowToSlot(row) : null;
  }

  async listSlots(filter: { runId?: string; status?: SlotStatus } = {}): Promise<SlotRecord[]> {
    const rows = await this.db.slot.findMany({
      where: { ...this.own, ...definedOnly({ runId: filter.runId, status: filter.status }) },
      orderBy: { seq: "asc" },
    });
    return rows.map(rowToSlot);
  }

  /** One round trip for the winner; a loser reads the slot as the winner stored it. */
  /** With a decision: one transaction for the settlement, the grant and the audit entry (three statements). */
  async settleSlot(
    slotId: string,
    answer: SlotSettlement,
    decision?: PermissionDecisionRecord,
    audit?: SlotAnswerAudit,
  ): Promise<{ won: boolean; slot: SlotRecord } | null> {
    const settlement = storableJson(answer);
    const answerer = settlement.answered_by && {
      answeredById: settlement.answered_by.user_id,
      answeredByName: settlement.answered_by.name,
    };
    const data: Prisma.SlotUncheckedUpdateManyInput = {
      ...(settlement.status === "resolved"
        ? { status: "resolved", value: jsonOrJsonNull(settlement.value), settledAt: toDate(settlement.settled_at) }
        : { status: "rejected", reason: settlement.reason, settledAt: toDate(settlement.settled_at) }),
      ...answerer,
    };
    const where = { ...this.own, id: slotId, kind: "wait", status: "pending" };
    const won =
      decision || audit
        ? await this.db.$transaction(async (tx) => {
            const [row] = await tx.slot.updateManyAndReturn({ where, data });
            if (row && decision) {
              if (decision.grant) await this.setPermission(decision.grant, tx);
              if (decision.request) await tx.permissionRequest.create({ data: this.permissionRequestRow(slotId, decision.request) });
              await recordAudit(permissionDecisionAudit(this.organizationId, this.conversationId, slotId, decision), tx);
              await this.announceDecision(tx, row, decision);
            }
            if (row && audit) {
              const metadata = { ...audit.metadata, conversationId: this.conversationId, slotId };
              await recordAudit({ organizationId: this.organizationId, ...audit, metadata }, tx);
            }
            return row;
          })
        : (await this.db.slot.updateManyAndReturn({ where, data }))[0];
    if (won) return { won: true, slot: rowToSlot(won) };
    const stored = await this.getSlot(slotId);
    return stored ? { won: false, slot: stored } : null;
  }

  private permissionRequestRow(slotId: string, request: PermissionRequestRecord) {
    return {
      organizationId: this.organizationId,
      conversationId: this.conversationId,
      slotId,
      toolName: request.tool_name,
      inputKey: request.input_key ?? TOOL_WIDE_INPUT_KEY,
      requestedById: request.requested_by,
    };
  }

  /** `approval.resolved` for a permission card's decision, in the settlement's transaction. */
  private async announceDecision(
    tx: Prisma.TransactionClient,
    row: Parameters<typeof approvalResolvedEvent>[0],
    decision: PermissionDecisionRecord,
  ) {
    const person = decision.decided_by
      ? await tx.user.findUnique({ where: { id: decision.decided_by }, select: { name: true, email: true } })
      : null;
    const event = approvalResolvedEvent(row, {
      approved: !isDenial(decision.decision),
      reason: isDenial(decision.decision) ? (decision.reason ?? null) : null,
      decidedById: decision.decided_by,
      decidedByName: person ? (person.name ?? person.email) : null,
      decidedAt: new Date(),
    });
    await tx.outboxEvent.create({ data: event });
  }

  async dismissPendingSlots(runId: string, at: string): Promise<SlotRecord[]> {
    return this.settlePending({ runId }, "dismissed", at, DISMISSED_REASON);
  }

  async expireSlots(now: string): Promise<SlotRecord[]> {
    return this.settlePending({ expiresAt: { not: null, lte: toDate(now) } }, "expired", now, EXPIRED_REASON);
  }

  private async settlePending(match: Prisma.SlotWhereInput, status: "dismissed" | "expired", at: string, reason: string) {
    const rows = await this.db.slot.updateManyAndReturn({
      where: { ...this.own, ...match, status: "pending" },
      data: { status, reason, settledAt: toDate(at) },
    });
    // RETURNING follows no particular order.
    return rows.sort((a, b) => (a.seq < b.seq ? -1 : 1)).map(rowToSlot);
  }

  // ── Steering queue ────────────────────────────────────────────────────
  // AgentStore.queuedCount mirrors the queue's length; only these statements change either.

  async enqueueMessage(message: QueuedMessage, limit: number): Promise<boolean> {
    // The conditional UPDATE is re-checked against the latest row version when it had to wait for a
    // concurrent writer's lock, so the count can never pass the limit.
    const inserted = await this.db.$executeRaw`
      WITH claimed AS (
        UPDATE "AgentStore" SET "queuedCount" = "queuedCount" + 1
        WHERE "id" = ${this.storeId} AND "organizationId" = ${this.organizationId} AND "queuedCount" < ${limit}::int
        RETURNING "id"
      )
      INSERT INTO "QueuedMessage" ("storeId", "id", "organizationId", "text", "sentById", "createdAt")
      SELECT claimed."id", ${message.id}, ${this.organizationId}, ${storableJson(message.text)}, ${message.sent_by ?? null}, ${toDate(message.created_at)}::timestamp(3)
      FROM claimed`;
    return inserted === 1;
  }

  async getQueuedMessages(): Promise<QueuedMessage[]> {
    const rows = await this.db.queuedMessage.findMany({ where: this.own, orderBy: { seq: "asc" } });
    return rows.map(rowToQueuedMessage);
  }

  /** One statement: both lists as JSON, each row then read by the same mapping as its own list's (revivedRow). */
  async getQueueAndInbox(): Promise<{ queued: QueuedMessage[]; inbox: InboxItem[] }> {
    const [row] = await this.rows<QueueAndInboxJson>(Prisma.sql`
      SELECT
        (SELECT coalesce(json_agg(row_to_json(q) ORDER BY q."seq"), '[]'::json) FROM "QueuedMessage" q
         WHERE q."storeId" = ${this.storeId} AND q."organizationId" = ${this.organizationId}) AS "queued",
        (SELECT coalesce(json_agg(row_to_json(i) ORDER BY i."seq"), '[]'::json) FROM "InboxItem" i
         WHERE i."storeId" = ${this.storeId} AND i."organizationId" = ${this.organizationId}) AS "inbox"`);
    return queueAndInboxFrom(row);
  }

  async deleteQueuedMessages(messageIds: string[]): Promise<void> {
    if (messageIds.length === 0) return;
    await this.db.$executeRaw`
      WITH removed AS (
        DELETE FROM "QueuedMessage"
        WHERE "storeId" = ${this.storeId} AND "organizationId" = ${this.organizationId} AND "id" = ANY(${messageIds}::text[])
        RETURNING 1
      )
      UPDATE "AgentStore" SET "queuedCount" = "queuedCount" - (SELECT count(*) FROM removed)::int
      WHERE "id" = ${this.storeId} AND "organizationId" = ${this.organizationId} AND EXISTS (SELECT 1 FROM removed)`;
  }
}

/** Drops undefined entries, so Prisma leaves those columns (or filters) alone. */
function definedOnly<T extends Record<string, unknown>>(values: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
