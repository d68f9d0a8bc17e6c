// appendAndAnnounceRunEvents: the one statement per batch of run events that numbers, stores and
// announces them (lib/db/run-events.ts), on real Postgres with a real LISTEN connection.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { NotFoundError } from "@/lib/agent/errors";
import {
  appendAndAnnounceRunEventBatch,
  appendAndAnnounceRunEventGroups,
  appendAndAnnounceRunEvents,
  listRunEventsAfter,
  type RawQuery,
} from "@/lib/db/run-events";
import type { TenantContext } from "@/lib/db/tenant-context";
import { LocalHub } from "@/lib/server/events/local-hub";
import { PgBus, RUN_EVENTS_CHANNEL } from "@/lib/server/events/pg-bus";
import { getTestPrisma, testDatabaseUrl } from "@/tests/integration/support/databases";
import { createTenant, openNewConversationStore } from "@/tests/integration/store/support";

let tenant: TenantContext;
let pool: pg.Pool;
let listener: pg.Client;
const notices: Array<{ payload: string; at: number }> = [];
const notice = { channel: RUN_EVENTS_CHANNEL, instanceId: "writer" };
// As production sends it: the hottest statement prepared once per connection (lib/server/events/conversation-recorder.ts).
const query: RawQuery = (text, values, name) => pool.query({ text, values, ...(name && { name }) });

beforeAll(async () => {
  tenant = await createTenant("append");
  pool = new pg.Pool({ connectionString: testDatabaseUrl(), max: 4 });
  listener = new pg.Client({ connectionString: testDatabaseUrl() });
  await listener.connect();
  listener.on("notification", (message) => notices.push({ payload: message.payload ?? "", at: Date.now() }));
  await listener.query(`LISTEN ${RUN_EVENTS_CHANNEL}`);
});

afterAll(async () => {
  await listener.end();
  await pool.end();
});

const until = async (check: () => boolean, timeoutMs = 5_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

/** Runs `work` while another transaction holds the conversation row's lock (a conversation busy elsewhere). */
async function whileRowLocked<T>(conversationId: string, work: () => Promise<T>): Promise<T> {
  const holder = await pool.connect();
  try {
    await holder.query("BEGIN");
    await holder.query(`SELECT 1 FROM "Conversation" WHERE "id" = $1 FOR UPDATE`, [conversationId]);
    return await work();
  } finally {
    await holder.query("ROLLBACK");
    holder.release();
  }
}

const noticesOf = (conversationId: string) =>
  notices.map((n) => JSON.parse(n.payload) as { c: string; s: number; i: string }).filter((n) => n.c === conversationId);

describe("appendAndAnnounceRunEvents", () => {
  it("returns what a reader lists, numbered after the events before", async () => {
    const { conversation } = await openNewConversationStore(tenant);
    const first = await appendAndAnnounceRunEvents(query, notice, tenant.organizationId, conversation.id, [
      { runId: "run-1", type: "run_started", data: { run_id: "run-1" } },
    ]);
    const before = Date.now();
    const viaPg = await appendAndAnnounceRunEvents(query, notice, tenant.organizationId, conversation.id, [
      { runId: "run-1", type: "text_delta", data: { text: "héllo", nested: { b: 1, a: [1, null] } } },
      { runId: "run-2", type: "run_completed", data: undefined },
    ]);
    expect(first.map((event) => event.seq)).toEqual([1]);
    expect(viaPg.map(({ seq, runId, type, data }) => ({ seq, runId, type, data }))).toEqual([
      { seq: 2, runId: "run-1", type: "text_delta", data: { text: "héllo", nested: { b: 1, a: [1, null] } } },
      { seq: 3, runId: "run-2", type: "run_completed", data: null },
    ]);
    expect(Math.abs(Date.parse(viaPg[0].createdAt) - before)).toBeLessThan(5_000);
    // Exactly what a reader on another instance gets from the rows, createdAt included.
    expect(await listRunEventsAfter(tenant, conversation.id, 1)).toEqual(viaPg);
  });

  it("announces each batch once, with its last seq, in the bus's format, once the rows are readable", async () => {
    const { conversation } = await openNewConversationStore(tenant);
    await appendAndAnnounceRunEvents(query, notice, tenant.organizationId, conversation.id, [
      { runId: "run-1", type: "a", data: {} },
      { runId: "run-1", type: "b", data: {} },
    ]);
    await appendAndAnnounceRunEvents(query, notice, tenant.organizationId, conversation.id, [{ runId: "run-1", type: "c", data: {} }]);
    await until(() => noticesOf(conversation.id).length === 2);
    expect(noticesOf(conversation.id)).toEqual([
      { c: conversation.id, s: 2, i: "writer" },
      { c: conversation.id, s: 3, i: "writer" },
    ]);

    // The bus of another instance parses it and wakes that instance's readers with the seq.
    const hub = new LocalHub();
    const bus = new PgBus({ connectionString: testDatabaseUrl(), instanceId: "reader", hub, query });
    await bus.ready();
    const woken: number[] = [];
    const stop = hub.subscribe(conversation.id, (signal) => {
      if (signal.kind === "event") woken.push(signal.seq);
    });
    await appendAndAnnounceRunEvents(query, notice, tenant.organizationId, conversation.id, [{ runId: "run-1", type: "d", data: {} }]);
    await until(() => woken.length === 1);
    expect(woken).toEqual([4]);
    stop();
    await bus.close();
  });

  it("a person's message moves the conversation to the top of the list; the agent's events do not", async () => {
    const { conversation } = await openNewConversationStore(tenant);
    const lastActivity = async () =>
      (await getTestPrisma().conversation.findFirstOrThrow({ where: { id: conversation.id } })).lastActivityAt.getTime();
    const created = await lastActivity();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await appendAndAnnounceRunEvents(query, notice, tenant.organizationId, conversation.id, [
      { runId: "r1", type: "run_started", data: { run_id: "r1" } },
      { runId: "r1", type: "text_delta", data: { text: "thinking" } },
    ]);
    expect(await lastActivity()).toBe(created);
    await appendAndAnnounceRunEvents(query, notice, tenant.organizationId, conversation.id, [
      { runId: "r1", type: "user_message", data: { message: { text: "hi" } } },
    ]);
    const written = await lastActivity();
    expect(written).toBeGreaterThan(created);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await appendAndAnnounceRunEvents(query, notice, tenant.organizationId, conversation.id, [
      { runId: "r1", type: "message_queued", data: { message: { text: "and" } } },
    ]);
    expect(await lastActivity()).toBeGreaterThan(written);
  });

  it("inside a transaction that rolls back: nothing stored, nothing announced", async () => {
    const { conversation } = await openNewConversationStore(tenant);
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      await appendAndAnnounceRunEvents((text, values) => client.query(text, values), notice, tenant.organizationId, conversation.id, [
        { runId: "run-1", type: "a", data: {} },
      ]);
      await client.query("ROLLBACK");
    } finally {
      client.release();
    }
    await appendAndAnnounceRunEvents(query, notice, tenant.organizationId, conversation.id, [{ runId: "run-1", type: "b", data: {} }]);
    await until(() => noticesOf(conversation.id).length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(noticesOf(conversation.id)).toEqual([{ c: conversation.id, s: 1, i: "writer" }]);
    expect((await listRunEventsAfter(tenant, conversation.id, 0)).map((event) => event.type)).toEqual(["b"]);
  });

  it("an unknown or foreign conversation: NotFoundError, nothing stored or announced", async () => {
    const { conversation } = await openNewConversationStore(tenant);
    const other = await createTenant("append-other");
    await expect(
      appendAndAnnounceRunEvents(query, notice, other.organizationId, conversation.id, [{ runId: "run-1", type: "a", data: {} }]),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      appendAndAnnounceRunEvents(query, notice, tenant.organizationId, "no-such-conversation", [{ runId: "run-1", type: "a", data: {} }]),
    ).rejects.toBeInstanceOf(NotFoundError);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(noticesOf(conversation.id)).toEqual([]);
    expect(noticesOf("no-such-conversation")).toEqual([]);
    expect(await listRunEventsAfter(tenant, conversation.id, 0)).toEqual([]);
  });

  it("concurrent appenders get unique, gap-free, increasing numbers, each batch in order", async () => {
    const { conversation } = await openNewConversationStore(tenant);
    const batches = Array.from({ length: 20 }, (_, batch) =>
      Array.from({ length: 1 + (batch % 4) }, (_, index) => ({ type: "text_delta", data: { batch, index } })),
    );
    const results = await Promise.all(
      batches.map((events, batch) =>
        appendAndAnnounceRunEvents(
          query,
          notice,
          tenant.organizationId,
          conversation.id,
          events.map((event) => ({ ...event, runId: `run-${batch}` })),
        ),
      ),
    );
    const total = batches.flat().length;
    const seqs = results
      .flat()
      .map((event) => event.seq)
      .sort((x, y) => x - y);
    expect(seqs).toEqual(Array.from({ length: total }, (_, index) => index + 1));
    results.forEach((stored, batch) => {
      expect(stored.map((event) => event.data)).toEqual(batches[batch].map((event) => event.data));
      expect(stored.map((event) => event.seq - stored[0].seq)).toEqual(stored.map((_, index) => index));
    });
    expect((await getTestPrisma().conversation.findFirstOrThrow({ where: { id: conversation.id } })).lastEventSeq).toBe(BigInt(total));
    await until(() => noticesOf(conversation.id).length === batches.length);
    expect(
      noticesOf(conversation.id)
        .map((n) => n.s)
        .sort((x, y) => x - y),
    ).toEqual(results.map((stored) => stored[stored.length - 1].seq).sort((x, y) => x - y));
  });
});

describe("appendAndAnnounceRunEventGroups: many conversations in one statement", () => {
  const tokenEvent = (runId: string, tokensIn: number, tokensOut: number) => ({
    runId,
    type: "token_consumption",
    data: { consumption: { tokens_in: tokensIn, tokens_out: tokensOut } },
  });

  it("numbers, meters and announces each conversation's batch as if written alone, across organizations", async () => {
    const other = await createTenant("append-group");
    const first = await openNewConversationStore(tenant);
    const second = await openNewConversationStore(other);
    await appendAndAnnounceRunEvents(query, notice, tenant.organizationId, first.conversation.id, [{ runId: "r0", type: "a", data: {} }]);
    const monthTokens = async (organizationId: string) =>
      (await getTestPrisma().usageMonth.findMany({ where: { organizationId } })).reduce((sum, month) => sum + Number(month.tokens), 0);
    const tokensBefore = [await monthTokens(tenant.organizationId), await monthTokens(other.organizationId)];

    const [a, b] = await appendAndAnnounceRunEventGroups(
      query,
      notice,
      [
        {
          organizationId: tenant.organizationId,
          conversationId: first.conversation.id,
          events: [{ runId: "r1", type: "text_delta", data: { text: "one" } }, tokenEvent("r1", 10, 5)],
        },
        {
          organizationId: other.organizationId,
          conversationId: second.conversation.id,
          events: [
            { runId: "r2", type: "user_message", data: { message: { text: "hi" } } },
            tokenEvent("r2", 7, 3),
            { runId: "r2", type: "run_completed", data: {} },
          ],
        },
      ],
      { skipLocked: true },
    );
    expect(a!.map((e) => [e.seq, e.type])).toEqual([
      [2, "text_delta"],
      [3, "token_consumption"],
    ]);
    expect(b!.map((e) => [e.seq, e.type])).toEqual([
      [1, "user_message"],
      [2, "token_consumption"],
      [3, "run_completed"],
    ]);
    expect(await listRunEventsAfter(tenant, first.conversation.id, 1)).toEqual(a);
    expect(await listRunEventsAfter(other, second.conversation.id, 0)).toEqual(b);
    // Each organization is metered its own tokens, each entry under its own conversation and seq.
    expect([await monthTokens(tenant.organizationId), await monthTokens(other.organizationId)]).toEqual([
      tokensBefore[0] + 15,
      tokensBefore[1] + 10,
    ]);
    const entries = await getTestPrisma().usageEntry.findMany({
      where: { conversationId: { in: [first.conversation.id, second.conversation.id] }, kind: "tokens" },
      orderBy: { organizationId: "asc" },
    });
    expect(entries.map((e) => [e.organizationId, e.conversationId, Number(e.eventSeq)]).sort()).toEqual(
      [
        [tenant.organizationId, first.conversation.id, 3],
        [other.organizationId, second.conversation.id, 2],
      ].sort(),
    );
    // One notice per conversation, with its own last seq.
    await until(() => noticesOf(first.conversation.id).length === 2 && noticesOf(second.conversation.id).length === 1);
    expect(noticesOf(first.conversation.id).at(-1)).toEqual({ c: first.conversation.id, s: 3, i: "writer" });
    expect(noticesOf(second.conversation.id)).toEqual([{ c: second.conversation.id, s: 3, i: "writer" }]);
  });

  it("skips a conversation whose row another transaction holds, and an unknown or foreign one, writing the rest", async () => {
    const busy = await openNewConversationStore(tenant);
    const free = await openNewConversationStore(tenant);
    const foreign = await openNewConversationStore(await createTenant("append-foreign"));
    const results = await whileRowLocked(busy.conversation.id, () =>
      appendAndAnnounceRunEventGroups(
        query,
        notice,
        [busy.conversation.id, free.conversation.id, foreign.conversation.id, "no-such-conversation"].map((conversationId) => ({
          organizationId: tenant.organizationId,
          conversationId,
          events: [{ runId: "r", type: "a", data: {} }],
        })),
        { skipLocked: true },
      ),
    );
    expect(results.map((stored) => stored?.map((e) => e.seq) ?? null)).toEqual([null, [1], null, null]);
    expect(await listRunEventsAfter(tenant, busy.conversation.id, 0)).toEqual([]);
    expect(await listRunEventsAfter(tenant.organizationId, foreign.conversation.id, 0)).toEqual([]);
  });

  it("a written batch releases its usage holds in its own organization; a batch not written releases none", async () => {
    const other = await createTenant("append-holds-other");
    const written = await openNewConversationStore(tenant);
    const busy = await openNewConversationStore(tenant);
    const expiresAt = new Date(Date.now() + 60_000);
    await getTestPrisma().usageHold.createMany({
      data: [
        { organizationId: tenant.organizationId, id: "hold-written", tokens: 4_000, expiresAt },
        { organizationId: tenant.organizationId, id: "hold-busy", tokens: 4_000, expiresAt },
        { organizationId: tenant.organizationId, id: "hold-kept", tokens: 4_000, expiresAt },
        // Another organization's hold of the same id is not this batch's to release.
        { organizationId: other.organizationId, id: "hold-written", tokens: 4_000, expiresAt },
      ],
    });
    const results = await whileRowLocked(busy.conversation.id, () =>
      appendAndAnnounceRunEventGroups(
        query,
        notice,
        [
          { conversation: written.conversation, holds: ["hold-written"] },
          { conversation: busy.conversation, holds: ["hold-busy"] },
        ].map(({ conversation, holds }) => ({
          organizationId: tenant.organizationId,
          conversationId: conversation.id,
          events: [{ runId: "r", type: "run_completed", data: {} }],
          releaseHolds: holds,
        })),
        { skipLocked: true },
      ),
    );
    expect(results.map((stored) => stored?.length ?? null)).toEqual([1, null]);
    const holds = await getTestPrisma().usageHold.findMany({ select: { organizationId: true, id: true }, orderBy: { id: "asc" } });
    expect(holds).toEqual(
      expect.arrayContaining([
        { organizationId: tenant.organizationId, id: "hold-busy" },
        { organizationId: tenant.organizationId, id: "hold-kept" },
        { organizationId: other.organizationId, id: "hold-written" },
      ]),
    );
    expect(holds).not.toContainEqual({ organizationId: tenant.organizationId, id: "hold-written" });
    // Written alone later, the busy conversation's batch takes its hold with it.
    await appendAndAnnounceRunEventBatch(query, notice, {
      organizationId: tenant.organizationId,
      conversationId: busy.conversation.id,
      events: [{ runId: "r", type: "run_completed", data: {} }],
      releaseHolds: ["hold-busy"],
    });
    expect(await getTestPrisma().usageHold.count({ where: { organizationId: tenant.organizationId, id: "hold-busy" } })).toBe(0);
    expect(await getTestPrisma().usageHold.count({ where: { organizationId: tenant.organizationId, id: "hold-kept" } })).toBe(1);
  });

  // json_array_elements is planned as 100 rows: below some tens of thousands of conversations the
  // batches were hashed against a sequential scan of the whole table, twice per append.
  it("finds its conversations by key among thousands, in the plan it is prepared with and the generic one", async () => {
    const crowd = await createTenant("append-crowd");
    await pool.query(
      `INSERT INTO "Conversation" ("id", "organizationId", "updatedAt") SELECT 'crowd-' || i, $1, now() FROM generate_series(1, 6000) i`,
      [crowd.organizationId],
    );
    await pool.query(`ANALYZE "Conversation"`);
    const pair = await Promise.all([openNewConversationStore(tenant), openNewConversationStore(tenant)]);
    const sent: Array<{ text: string; values: unknown[] }> = [];
    const capturing: RawQuery = (text, values, name) => {
      sent.push({ text, values });
      return query(text, values, name);
    };
    const batches = pair.map(({ conversation }) => ({
      organizationId: tenant.organizationId,
      conversationId: conversation.id,
      events: [{ runId: "r-plan", type: "text_delta", data: { text: "hi" } }],
    }));
    expect(
      (await appendAndAnnounceRunEventGroups(capturing, notice, batches, { skipLocked: true })).map((events) => events?.length),
    ).toEqual([1, 1]);
    const [{ text, values }] = sent;
    const scans = (plan: unknown): string[] => {
      const node = plan as { "Node Type"?: string; "Relation Name"?: string; Plans?: unknown[] };
      const own = node["Node Type"] === "Seq Scan" ? [String(node["Relation Name"])] : [];
      return [...own, ...(node.Plans ?? []).flatMap(scans)];
    };
    const custom = await pool.query<{ "QUERY PLAN": Array<{ Plan: unknown }> }>(`EXPLAIN (FORMAT JSON) ${text}`, values);
    const generic = await pool.query<{ "QUERY PLAN": Array<{ Plan: unknown }> }>(`EXPLAIN (GENERIC_PLAN, FORMAT JSON) ${text}`);
    expect(scans(custom.rows[0]["QUERY PLAN"][0].Plan)).not.toContain("Conversation");
    expect(scans(generic.rows[0]["QUERY PLAN"][0].Plan)).not.toContain("Conversation");
  });

  it("refuses a conversation named twice in one call (its numbers would collide)", async () => {
    const { conversation } = await openNewConversationStore(tenant);
    const twice = { organizationId: tenant.organizationId, conversationId: conversation.id, events: [{ runId: "r", type: "a", data: {} }] };
    await expect(appendAndAnnounceRunEventGroups(query, notice, [twice, twice], { skipLocked: true })).rejects.toThrow(/two batches/);
    expect(await listRunEventsAfter(tenant, conversation.id, 0)).toEqual([]);
  });

  it("grouped statements racing over overlapping conversations keep every conversation's numbers unique and gap-free", async () => {
    const conversations = await Promise.all(Array.from({ length: 6 }, () => openNewConversationStore(tenant)));
    const ids = conversations.map((c) => c.conversation.id);
    // Twelve statements, each over a different rotation of the conversations: locks in id order, so no deadlock.
    await Promise.all(
      Array.from({ length: 12 }, (_, round) =>
        appendAndAnnounceRunEventGroups(
          query,
          notice,
          [...ids.slice(round % 6), ...ids.slice(0, round % 6)].map((conversationId) => ({
            organizationId: tenant.organizationId,
            conversationId,
            events: [
              { runId: `r${round}`, type: "a", data: { round } },
              { runId: `r${round}`, type: "b", data: { round } },
            ],
          })),
          { skipLocked: false },
        ),
      ),
    );
    for (const id of ids) {
      const events = await listRunEventsAfter(tenant, id, 0);
      expect(events.map((e) => e.seq)).toEqual(Array.from({ length: 24 }, (_, index) => index + 1));
      // Each statement's two events are adjacent: a batch is numbered as one.
      for (let i = 0; i < 24; i += 2) expect(events[i].data).toEqual(events[i + 1].data);
    }
  });
});
