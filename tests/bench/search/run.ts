// Search over 100,000 messages: how long `searchMessages` (lib/db/search.ts) takes, per kind of query.
//
//   npx tsx --conditions=react-server tests/bench/search/run.ts
//
// One database (DATABASE_URL's, or an embedded PostgreSQL of its own) holds two organizations: the
// searched one with 90,000 messages in 900 conversations and another with 10,000 (their words must
// cost nothing but index entries). Message text is 10–60 words drawn log-uniformly from a vocabulary
// of 5,000 ("w1" is in most messages, "w4000" in a few dozen); every tenth message is a tool call
// with its input and result, as the agent writes them; each conversation is one path (no replaced
// versions). Each query runs WARMUP times, then MEASURED timed times, through the same code the
// route calls (one Prisma round trip, snippets included).
// The target is p50 < 100 ms for every query kind; the script prints a markdown table and exits 1 on a miss.
import { performance } from "node:perf_hooks";
import pg from "pg";
import { markdownTable, ms, percentile } from "../streaming/stats";
import { withPostgres } from "../support/with-postgres";

const MESSAGES = 100_000;
const SEARCHED_SHARE = 0.9;
const PER_CONVERSATION = 100;
const WARMUP = 5;
const MEASURED = 50;
const TARGET_P50_MS = 100;

const QUERIES: { kind: string; q: string }[] = [
  { kind: "rare word", q: "w4000" },
  { kind: "medium word", q: "w60" },
  { kind: "common word", q: "w8" },
  { kind: "very common word", q: "w1" },
  { kind: "two words (AND)", q: "w60 w200" },
  { kind: "phrase", q: '"w2 w3"' },
  { kind: "tool input / result word", q: "invoice" },
  { kind: "no match", q: "zzzznothing" },
  { kind: "second page (offset 20)", q: "w60" },
];

async function seed(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    await client.query(`
      INSERT INTO "Organization" ("id", "slug", "name", "updatedAt")
      VALUES ('bench-searched', 'bench-searched', 'Searched', now()), ('bench-other', 'bench-other', 'Other', now())
      ON CONFLICT DO NOTHING`);
    const conversations = MESSAGES / PER_CONVERSATION;
    const searchedConversations = Math.round(conversations * SEARCHED_SHARE);
    await client.query(
      `INSERT INTO "Conversation" ("id", "organizationId", "title", "updatedAt")
       SELECT 'bench-c' || g, CASE WHEN g <= $1 THEN 'bench-searched' ELSE 'bench-other' END, 'Conversation w' || (g % 5000 + 1), now()
       FROM generate_series(1, $2) g`,
      [searchedConversations, conversations],
    );
    await client.query(`
      INSERT INTO "AgentStore" ("id", "organizationId", "conversationId")
      SELECT 'bench-s' || substr(c."id", 8), c."organizationId", c."id" FROM "Conversation" c WHERE c."id" LIKE 'bench-c%'`);
    // Words log-uniform over 1..5000: the k-th word is in about 1/k of the text a Zipf vocabulary would give.
    await client.query(
      `INSERT INTO "Message" ("storeId", "organizationId", "messageId", "sender", "text", "toolCalls", "toolResults", "createdAt")
       SELECT s."id", s."organizationId", 'bench-m' || g, CASE WHEN g % 2 = 0 THEN 'agent' ELSE 'user' END,
              CASE WHEN g % 10 = 0 THEN '' ELSE (
                SELECT string_agg('w' || floor(exp(random() * ln(5000)))::int, ' ')
                FROM generate_series(1, 10 + (g % 51)) w) END,
              CASE WHEN g % 10 = 0 THEN json_build_array(json_build_object('id', 'call-' || g, 'tool_name', 'lookup',
                'input_args', json_build_object('query', 'invoice ' || (g % 997)))) END,
              CASE WHEN g % 10 = 0 THEN json_build_array(json_build_object('call_id', 'call-' || g, 'tool_name', 'lookup',
                'result', json_build_object('status', 'success', 'data', json_build_object('total', g % 1000, 'customer', 'w' || (g % 5000 + 1))))) END,
              now() - (g || ' seconds')::interval
       FROM generate_series(1, $1) g
       JOIN "AgentStore" s ON s."id" = 'bench-s' || ((g - 1) / $2 + 1)`,
      [MESSAGES, PER_CONVERSATION],
    );
    // Each conversation one path, as the agent writes it: a message is the child of the one before, the last
    // the leaf (the leaf's trigger marks the path; search finds only on-path messages).
    await client.query(`
      UPDATE "Message" m SET "parentSeq" = p."previous"
      FROM (SELECT "seq", LAG("seq") OVER (PARTITION BY "storeId" ORDER BY "seq") AS "previous" FROM "Message" WHERE "organizationId" LIKE 'bench-%') p
      WHERE m."seq" = p."seq" AND p."previous" IS NOT NULL`);
    await client.query(`
      UPDATE "AgentStore" s SET "leafSeq" = (SELECT max(m."seq") FROM "Message" m WHERE m."storeId" = s."id") WHERE s."id" LIKE 'bench-s%'`);
    // VACUUM: the path's update left a dead version of every message (one statement each: not in a transaction).
    await client.query(`VACUUM ANALYZE "Message"`);
    await client.query(`ANALYZE "AgentStore"; ANALYZE "Conversation"`);
    const counts = await client.query<{ organizationId: string; n: string }>(
      `SELECT "organizationId", count(*)::text AS n FROM "Message" WHERE "organizationId" LIKE 'bench-%' GROUP BY 1 ORDER BY 1`,
    );
    console.log(
      `seeded in ${ms(performance.now() - started, 0)}: ${counts.rows.map((row) => `${row.organizationId} ${row.n}`).join(", ")}`,
    );
  } finally {
    await client.end();
  }
}

await withPostgres(async (databaseUrl) => {
  await seed(databaseUrl);
  process.env.DATABASE_URL = databaseUrl;
  const { searchMessages } = await import("@/lib/db/search");
  const { disconnectPrisma } = await import("@/lib/db/client");
  const tenant = { organizationId: "bench-searched" };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const rows: string[][] = [];
  let missed = false;
  for (const [index, { kind, q }] of QUERIES.entries()) {
    const offset = index === QUERIES.length - 1 ? 20 : 0;
    let found = 0;
    for (let i = 0; i < WARMUP; i++) found = (await searchMessages(tenant, { q, offset })).results.length;
    const times: number[] = [];
    for (let i = 0; i < MEASURED; i++) {
      const started = performance.now();
      await searchMessages(tenant, { q, offset });
      times.push(performance.now() - started);
    }
    const matching = await client.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM "Message" WHERE "organizationId" = $1 AND "searchVector" @@ websearch_to_tsquery('english', $2)`,
      [tenant.organizationId, q],
    );
    const p50 = percentile(times, 50);
    if (p50 >= TARGET_P50_MS) missed = true;
    rows.push([
      kind,
      `\`${q}\``,
      matching.rows[0].n,
      String(found),
      ms(p50),
      ms(percentile(times, 95)),
      ms(Math.max(...times)),
      p50 < TARGET_P50_MS ? "yes" : "**no**",
    ]);
  }
  await client.end();
  await disconnectPrisma();
  console.log(
    `\n${markdownTable(["query", "q", "matching messages", "results on the page", "p50", "p95", "max", `p50 < ${TARGET_P50_MS} ms`], rows)}`,
  );
  if (missed) process.exitCode = 1;
});
