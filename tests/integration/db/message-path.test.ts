// The active path ("Message"."onPath": the store's leaf and its ancestors, what search reads): kept by
// handoff_append_messages for the messages it chains below the leaf, by the path trigger for every
// other leaf move. Migration append_on_path.
import type { Pool, PoolClient } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testPgPool } from "@/tests/integration/support/databases";

const ORG = "org-path";
let pool: Pool;

beforeAll(async () => {
  pool = testPgPool(2);
  await pool.query(`INSERT INTO "Organization" (id, slug, name, "updatedAt") VALUES ($1, 'path', 'Path', now())`, [ORG]);
});
afterAll(() => pool.end());

async function newStore(id: string): Promise<string> {
  await pool.query(`INSERT INTO "Conversation" (id, "organizationId", "updatedAt") VALUES ($1, $2, now())`, [`c-${id}`, ORG]);
  await pool.query(`INSERT INTO "AgentStore" (id, "organizationId", "conversationId") VALUES ($1, $2, $3)`, [id, ORG, `c-${id}`]);
  return id;
}

function append(db: Pool | PoolClient, storeId: string, messageIds: string[]) {
  const rows = messageIds.map((messageId) => ({ messageId, sender: "user", text: `text of ${messageId}`, isCompaction: false }));
  return db.query(`SELECT "handoff_append_messages"($1, $2, $3::json, 0, 0)`, [storeId, ORG, JSON.stringify(rows)]);
}

const moveLeaf = (storeId: string, seq: string | null) =>
  pool.query(`UPDATE "AgentStore" SET "leafSeq" = $1 WHERE id = $2 AND "organizationId" = $3`, [seq, storeId, ORG]);

interface Row {
  seq: string;
  parentSeq: string | null;
  onPath: boolean;
}

async function rowsOf(storeId: string): Promise<{ leaf: string | null; rows: Row[] }> {
  const store = await pool.query<{ leafSeq: string | null }>(`SELECT "leafSeq" FROM "AgentStore" WHERE id = $1`, [storeId]);
  const rows = await pool.query<Row>(
    `SELECT "seq", "parentSeq", "onPath" FROM "Message" WHERE "storeId" = $1 AND "organizationId" = $2 ORDER BY "seq"`,
    [storeId, ORG],
  );
  return { leaf: store.rows[0]!.leafSeq, rows: rows.rows };
}

/** The seqs marked on the path, and the leaf's ancestors as the parent links say. */
async function pathOf(storeId: string): Promise<{ marked: string[]; ancestors: string[] }> {
  const { leaf, rows } = await rowsOf(storeId);
  const bySeq = new Map(rows.map((row) => [row.seq, row]));
  const ancestors: string[] = [];
  for (let at = leaf ? bySeq.get(leaf) : undefined; at; at = at.parentSeq ? bySeq.get(at.parentSeq) : undefined) ancestors.unshift(at.seq);
  return { marked: rows.filter((row) => row.onPath).map((row) => row.seq), ancestors };
}

/** A seeded generator (mulberry32), so a failing sequence is the same on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("the active path", () => {
  it("is written with the messages appended at the leaf, each message written once", async () => {
    const store = await newStore("s-once");
    await append(pool, store, ["m1"]);
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      await append(client, store, ["m2", "m3", "m4"]);
      const updated = await client.query<{ n: string }>(`SELECT n_tup_upd AS n FROM pg_stat_xact_user_tables WHERE relname = 'Message'`);
      await client.query("COMMIT");
      expect(Number(updated.rows[0]!.n)).toBe(0);
    } finally {
      client.release();
    }
    const { marked, ancestors } = await pathOf(store);
    expect(ancestors).toHaveLength(4);
    expect(marked).toEqual(ancestors);
  });

  it("stays the leaf and its ancestors through appends, replayed appends, leaf moves and branches", async () => {
    const stores = [await newStore("s-a"), await newStore("s-b")];
    const next = random(16);
    const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)]!;
    let counter = 0;
    for (let step = 0; step < 120; step++) {
      const store = pick(stores);
      const { rows } = await rowsOf(store);
      const choice = next();
      if (choice < 0.5 || rows.length === 0) {
        const ids = Array.from({ length: 1 + Math.floor(next() * 3) }, () => `m${++counter}`);
        // A replayed append: a message id the store already holds is a no-op, the rest still chain.
        if (counter > 3 && next() < 0.3) ids.unshift(`m${Math.max(1, counter - ids.length - Math.floor(next() * 3))}`);
        await append(pool, store, ids);
      } else if (choice < 0.9) {
        await moveLeaf(store, pick(rows).seq);
      } else {
        await moveLeaf(store, null);
      }
      for (const each of stores) {
        const { marked, ancestors } = await pathOf(each);
        expect(marked, `store ${each} after step ${step}`).toEqual(ancestors);
      }
    }
    expect(counter).toBeGreaterThan(60);
  });
});
