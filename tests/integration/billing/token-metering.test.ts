// Token metering in the run-event statement (lib/db/run-events.ts, lib/db/token-metering.ts): a stored
// `token_consumption` event is one UsageEntry and part of its month's UsageMonth.tokens, in one commit.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NotFoundError } from "@/lib/agent/errors";
import { appendAndAnnounceRunEvents, listRunEventsAfter, type RawQuery, type RunEventInput } from "@/lib/db/run-events";
import type { TenantContext } from "@/lib/db/tenant-context";
import { RunEventRecorder } from "@/lib/server/events/run-event-recorder";
import { getTestPrisma, testDatabaseUrl } from "@/tests/integration/support/databases";
import { createTenant, openNewConversationStore } from "@/tests/integration/store/support";

let tenant: TenantContext;
let pool: pg.Pool;
const sent: string[] = [];
const query: RawQuery = (text, values) => {
  sent.push(text);
  return pool.query(text, values);
};
const notice = { channel: "handoff_test_metering", instanceId: "metering" };

beforeAll(async () => {
  tenant = await createTenant("metering");
  pool = new pg.Pool({ connectionString: testDatabaseUrl(), max: 8 });
});

afterAll(async () => {
  await pool.end();
});

const tokens = (tokens_in: number, tokens_out: number, cache?: { read?: number; write?: number }, model?: string): RunEventInput => ({
  type: "token_consumption",
  data: {
    consumption: {
      tokens_in,
      tokens_out,
      ...(cache?.read !== undefined && { cache_read_tokens: cache.read }),
      ...(cache?.write !== undefined && { cache_write_tokens: cache.write }),
    },
    ...(model && { model }),
  },
});

const append = (conversationId: string, runId: string, events: RunEventInput[], at?: Date, ctx: TenantContext = tenant) =>
  appendAndAnnounceRunEvents(
    query,
    notice,
    ctx.organizationId,
    conversationId,
    events.map((event) => ({ ...event, runId })),
    at,
  );

/** A conversation whose own store has a running run started by `startedBy`. */
async function conversationWithRun(startedBy?: string) {
  const { conversation, store } = await openNewConversationStore(tenant);
  const runId = randomUUID();
  await store.createRun({
    id: runId,
    status: "running",
    created_at: new Date().toISOString(),
    ...(startedBy && { started_by: startedBy }),
  });
  return { conversation, store, runId };
}

const entriesOf = (conversationId: string) =>
  getTestPrisma().usageEntry.findMany({ where: { organizationId: tenant.organizationId, conversationId }, orderBy: { eventSeq: "asc" } });

const monthTokens = async (organizationId: string, month: string) =>
  (await getTestPrisma().usageMonth.findUnique({ where: { organizationId_month: { organizationId, month: new Date(month) } } }))?.tokens;

describe("token metering in the run-event statement", () => {
  it("one entry per stored token event, with its seq, run, starter, model and counts; the month adds their totals", async () => {
    const org = await createTenant("metering-sum");
    const { conversation, store } = await openNewConversationStore(org);
    const runId = randomUUID();
    await store.createRun({ id: runId, status: "running", created_at: new Date().toISOString(), started_by: org.userId });
    const at = new Date("2031-03-10T12:00:00.000Z");
    const stored = await append(
      conversation.id,
      runId,
      [
        { type: "run_started", data: { run_id: runId } },
        tokens(100, 20, { read: 5, write: 7 }, "anthropic:claude"),
        { type: "text_delta", data: { text: "hi" } },
        tokens(30, 4),
      ],
      at,
      org,
    );
    await append(conversation.id, runId, [tokens(4, 2, { read: 3 }, "openai:gpt")], at, org);

    const entries = await getTestPrisma().usageEntry.findMany({
      where: { organizationId: org.organizationId },
      orderBy: { eventSeq: "asc" },
    });
    expect(
      entries.map((e) => [
        Number(e.eventSeq),
        e.kind,
        e.runId,
        e.userId,
        e.model,
        e.tokensIn,
        e.tokensOut,
        e.cacheReadTokens,
        e.cacheWriteTokens,
      ]),
    ).toEqual([
      // tokens_in includes the cached tokens: the entry's tokensIn is the input that was neither read nor written to the cache.
      [stored[1].seq, "tokens", runId, org.userId, "anthropic:claude", 88, 20, 5, 7],
      [stored[3].seq, "tokens", runId, org.userId, null, 30, 4, 0, 0],
      [stored[3].seq + 1, "tokens", runId, org.userId, "openai:gpt", 1, 2, 3, 0],
    ]);
    expect(entries.every((e) => e.conversationId === conversation.id && e.createdAt.getTime() === at.getTime())).toBe(true);

    // The month's total is the sum of the stored events' counts (tokens_in + tokens_out), read back from the events themselves.
    const events = (await listRunEventsAfter(org, conversation.id, 0)).filter((event) => event.type === "token_consumption");
    const eventTotal = events
      .map((event) => (event.data as { consumption: Record<string, number> }).consumption)
      .reduce((sum, c) => sum + c.tokens_in + c.tokens_out, 0);
    expect(eventTotal).toBe(160);
    expect(await monthTokens(org.organizationId, "2031-03-01")).toBe(BigInt(eventTotal));
  });

  it("a batch without token events sends no metering and writes no usage", async () => {
    const { conversation, runId } = await conversationWithRun(tenant.userId);
    const months = await getTestPrisma().usageMonth.findMany({ where: { organizationId: tenant.organizationId } });
    sent.length = 0;
    await append(conversation.id, runId, [
      { type: "run_started", data: { run_id: runId } },
      { type: "text_delta", data: { text: "no model call finished yet" } },
    ]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toMatch(/UsageEntry|UsageMonth/);
    expect(await entriesOf(conversation.id)).toEqual([]);
    expect(await getTestPrisma().usageMonth.findMany({ where: { organizationId: tenant.organizationId } })).toEqual(months);
  });

  it("an event already metered is not metered again, and the month adds only what the statement metered", async () => {
    const org = await createTenant("metering-once");
    const { conversation } = await openNewConversationStore(org);
    const at = new Date("2031-05-02T08:00:00.000Z");
    // As if seq 1 had been metered already (40 tokens) by an earlier writer.
    await getTestPrisma().usageEntry.create({
      data: {
        organizationId: org.organizationId,
        kind: "tokens",
        conversationId: conversation.id,
        eventSeq: 1n,
        tokensIn: 40,
        createdAt: at,
      },
    });
    await getTestPrisma().usageMonth.create({ data: { organizationId: org.organizationId, month: new Date("2031-05-01"), tokens: 40n } });

    await append(conversation.id, "run-x", [tokens(1000, 1000), tokens(3, 4)], at, org);
    const entries = await getTestPrisma().usageEntry.findMany({
      where: { organizationId: org.organizationId },
      orderBy: { eventSeq: "asc" },
    });
    expect(entries.map((e) => [Number(e.eventSeq), e.tokensIn, e.tokensOut])).toEqual([
      [1, 40, 0],
      [2, 3, 4],
    ]);
    expect(await monthTokens(org.organizationId, "2031-05-01")).toBe(47n);
  });

  it("a keyed batch stored twice (its commit went through, its answer was lost) meters its tokens once", async () => {
    const org = await createTenant("metering-retry");
    const { conversation } = await openNewConversationStore(org);
    const at = new Date("2031-07-03T10:00:00.000Z");
    const batch = [
      { type: "text_delta", data: { text: "x" }, key: randomUUID() },
      { ...tokens(60, 40), key: randomUUID() },
    ];
    const first = await append(conversation.id, "run-r", batch, at, org);
    const again = await append(conversation.id, "run-r", batch, at, org);
    // The retry's events are stored again under new seqs (the run events' own duplicate), but metered nothing.
    expect(again[1].seq).toBeGreaterThan(first[1].seq);
    const entries = await getTestPrisma().usageEntry.findMany({ where: { organizationId: org.organizationId } });
    expect(entries.map((e) => [Number(e.eventSeq), e.eventKey, e.tokensIn + e.tokensOut])).toEqual([[first[1].seq, batch[1].key, 100]]);
    expect(await monthTokens(org.organizationId, "2031-07-01")).toBe(100n);
  });

  it("through the recorder: a write that commits and then fails as an outage is retried without metering twice", async () => {
    const org = await createTenant("metering-recorder");
    const { conversation } = await openNewConversationStore(org);
    let writes = 0;
    const recorder = new RunEventRecorder({
      async writeBatch(events) {
        const stored = await appendAndAnnounceRunEvents(query, notice, org.organizationId, conversation.id, events);
        writes += 1;
        // The statement committed; the answer is lost on the way back.
        if (writes === 1) throw Object.assign(new Error("Connection terminated unexpectedly"), { lost: true });
        return stored;
      },
      publish() {},
      onError(error) {
        throw error;
      },
      isRetryable: (error) => (error as { lost?: boolean }).lost === true,
      retryDelayMs: { initial: 1, max: 1 },
      sleep: async () => {},
    });
    await recorder.recordServerEvent("token_consumption", { run_id: "run-q", consumption: { tokens_in: 500, tokens_out: 25 } });
    await recorder.flush();
    expect(writes).toBe(2);
    const entries = await getTestPrisma().usageEntry.findMany({ where: { organizationId: org.organizationId } });
    expect(entries.map((e) => e.tokensIn + e.tokensOut)).toEqual([525]);
    const month = await getTestPrisma().usageMonth.findMany({ where: { organizationId: org.organizationId } });
    expect(month.map((m) => m.tokens)).toEqual([525n]);
  });

  it("concurrent batches of one organization meter every event once; the month equals the sum of its entries", async () => {
    const org = await createTenant("metering-race");
    const conversations = await Promise.all([1, 2, 3].map(() => openNewConversationStore(org)));
    const at = new Date("2031-06-15T00:00:00.000Z");
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        append(conversations[i % 3].conversation.id, `run-${i % 3}`, [{ type: "text_delta", data: { text: "x" } }, tokens(i, 1)], at, org),
      ),
    );
    const rows = await pool.query(
      `SELECT count(*)::int AS "entries", count(DISTINCT ("conversationId", "eventSeq"))::int AS "distinct",
              sum("tokensIn" + "tokensOut")::int AS "total" FROM "UsageEntry" WHERE "organizationId" = $1`,
      [org.organizationId],
    );
    expect(rows.rows[0]).toEqual({ entries: 24, distinct: 24, total: (23 * 24) / 2 + 24 });
    expect(await monthTokens(org.organizationId, "2031-06-01")).toBe(BigInt(rows.rows[0].total));
  });

  it("counts for the run's starter; a run nobody typed, or a run id of no run of the conversation, counts for nobody", async () => {
    const typed = await conversationWithRun(tenant.userId);
    const untyped = await conversationWithRun();
    await append(typed.conversation.id, typed.runId, [tokens(1, 1)]);
    await append(untyped.conversation.id, untyped.runId, [tokens(1, 1)]);
    // Another conversation's run id (the typed one's) is not looked up outside this conversation's own store.
    await append(untyped.conversation.id, typed.runId, [tokens(1, 1)]);
    expect((await entriesOf(typed.conversation.id)).map((e) => e.userId)).toEqual([tenant.userId]);
    expect((await entriesOf(untyped.conversation.id)).map((e) => e.userId)).toEqual([null, null]);
  });

  it("a subagent's events, relayed under the dispatching run's id, count for that run's starter", async () => {
    const { conversation, store, runId } = await conversationWithRun(tenant.userId);
    const child = await store.createSubAgentStore("subagent:researcher:call_1", true);
    await child.createRun({ id: "child-run", status: "running", created_at: new Date().toISOString() });
    await append(conversation.id, runId, [
      { type: "subagent_invoked", data: { name: "researcher", prompt: "p", call_id: "call_1" } },
      tokens(9, 9),
    ]);
    expect((await entriesOf(conversation.id)).map((e) => [e.runId, e.userId])).toEqual([[runId, tenant.userId]]);
  });

  it("the month is the event's UTC calendar month: the last millisecond of a month and the first of the next", async () => {
    const org = await createTenant("metering-month");
    const { conversation } = await openNewConversationStore(org);
    await append(conversation.id, "r", [tokens(10, 0)], new Date("2031-01-31T23:59:59.999Z"), org);
    await append(conversation.id, "r", [tokens(0, 5)], new Date("2031-02-01T00:00:00.000Z"), org);
    await append(conversation.id, "r", [tokens(1, 0)], new Date("2031-12-31T23:59:59.999Z"), org);
    const months = await getTestPrisma().usageMonth.findMany({ where: { organizationId: org.organizationId }, orderBy: { month: "asc" } });
    expect(months.map((m) => [m.month.toISOString().slice(0, 10), m.tokens])).toEqual([
      ["2031-01-01", 10n],
      ["2031-02-01", 5n],
      ["2031-12-01", 1n],
    ]);
  });

  it("counts the statement cannot store are made whole, not a failed batch", async () => {
    const { conversation, runId } = await conversationWithRun(tenant.userId);
    await append(conversation.id, runId, [
      { type: "token_consumption", data: { consumption: { tokens_in: 2.6, tokens_out: -3, cache_read_tokens: null } } },
      { type: "token_consumption", data: null },
    ]);
    expect((await entriesOf(conversation.id)).map((e) => [e.tokensIn, e.tokensOut, e.cacheReadTokens])).toEqual([
      [3, 0, 0],
      [0, 0, 0],
    ]);
  });

  it("an unknown conversation: NotFoundError and nothing metered", async () => {
    const org = await createTenant("metering-unknown");
    await expect(append("no-such-conversation", "r", [tokens(5, 5)], undefined, org)).rejects.toBeInstanceOf(NotFoundError);
    expect(await getTestPrisma().usageEntry.count({ where: { organizationId: org.organizationId } })).toBe(0);
    expect(await getTestPrisma().usageMonth.count({ where: { organizationId: org.organizationId } })).toBe(0);
  });

  it("a rolled-back statement leaves no usage behind", async () => {
    const { conversation, runId } = await conversationWithRun(tenant.userId);
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      await appendAndAnnounceRunEvents((text, values) => client.query(text, values), notice, tenant.organizationId, conversation.id, [
        { ...tokens(50, 50), runId },
      ]);
      await client.query("ROLLBACK");
    } finally {
      client.release();
    }
    expect(await entriesOf(conversation.id)).toEqual([]);
  });
});
