import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingOnEnv } from "../../support/billing-env";
import { startAppServer, type AppServer } from "../../support/app-server";
import { eventually } from "../../support/eventually";
import { anthropicText, anthropicToolUse, startFakeAnthropic, type FakeAnthropicServer } from "../../support/fake-providers/anthropic";
import { appBaseURL, appDatabaseUrl } from "../support/env";
import { HttpClient, createAccount, type TestAccount } from "../support/http-client";
import { createConversation, EventStreamReader, openEvents, postMessage, readToEnd, useAnthropicAt } from "../support/run-events";

/**
 * Issue 15: usage is exact after a crash. Two instances with billing on share the e2e database: B
 * runs an answer and is killed in its second model call; C finds the dead run and, on Retry,
 * finishes it. Every stored `token_consumption` event is metered once, the killed call (which
 * never reported usage) not at all, and the month's total is the sum of the entries.
 */
let instanceB: AppServer;
let instanceC: AppServer;
let model: FakeAnthropicServer;
let db: pg.Client;

/** The last call's usage (after the retry): 500 in, 25 out. */
const FINAL_USAGE = { input_tokens: 500, output_tokens: 25 };
/** The first call's: 1000 uncached in, 200 read from and 30 written to the cache, 40 out; tokens_in is 1230. */
const FIRST_USAGE = { input_tokens: 1000, cache_read_input_tokens: 200, cache_creation_input_tokens: 30, output_tokens: 40 };

beforeAll(async () => {
  const env = billingOnEnv();
  [instanceB, instanceC, model] = await Promise.all([
    startAppServer({ databaseUrl: appDatabaseUrl(), env }),
    startAppServer({ databaseUrl: appDatabaseUrl(), env }),
    startFakeAnthropic(anthropicText("All done.", { usage: FINAL_USAGE })),
  ]);
  db = new pg.Client({ connectionString: appDatabaseUrl() });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  await Promise.all([instanceB?.stop(), instanceC?.stop(), model?.close()]);
});

async function on(server: AppServer, account: TestAccount): Promise<HttpClient> {
  const client = new HttpClient(server.baseURL);
  if (!(await client.signIn(account.email, account.password))) throw new Error(`sign-in on ${server.baseURL} failed`);
  return client;
}

async function organizationOf(slug: string): Promise<string> {
  const { rows } = await db.query(`SELECT "id" FROM "Organization" WHERE "slug" = $1`, [slug]);
  return rows[0].id;
}

describe("usage metering when the server running an answer is killed", () => {
  it("meters every stored token event once, and the month's total is their sum", async () => {
    const user = await createAccount(appBaseURL(), "metered-crash");
    await useAnthropicAt(user, model.url);
    const organizationId = await organizationOf(user.orgSlug);
    // This month's messages at 80% of Free's 300, as if admitted: the run's end on C tells the owner.
    await db.query(
      `INSERT INTO "UsageMonth" ("organizationId", "month", "messages") VALUES ($1, date_trunc('month', now() AT TIME ZONE 'UTC')::date, 240)`,
      [organizationId],
    );
    const [b, c] = await Promise.all([on(instanceB, user), on(instanceC, user)]);
    const id = await createConversation(user.client);
    const tab = await openEvents(c, id, { after: 0 });

    const todos = [{ content: "Write the story", activeForm: "Writing the story", status: "in_progress" }];
    model.enqueue(anthropicToolUse({ id: "toolu_plan", name: "glove_update_tasks", input: { todos } }, { usage: FIRST_USAGE }));
    model.enqueue(anthropicText(Array.from({ length: 400 }, (_, i) => `w${i}`).join(" "), { interTokenDelayMs: 20 }));
    const stream = new EventStreamReader(await postMessage(b, id, "plan it, then tell me a long story"));
    // The first call's usage is stored (streams carry stored events only) and the second call is streaming.
    const metered = await stream.waitForType("token_consumption");
    await stream.waitFor((event) => event.type === "text_delta" && event.seq > metered.seq);
    const restarted = instanceB.restart({ hard: true });

    // C's sweep (or A's) marks the run failed once its 3 s lease ran out; Retry on C finishes the turn.
    await tab.waitForType("run_failed", 20_000);
    const retried = await readToEnd(await c.request(`/api/conversations/${id}/retry`, { json: {} }));
    expect(retried.map((event) => event.type)).toContain("run_completed");
    await tab.close();
    await restarted;

    const events = await db.query<{ seq: number; data: { consumption: Record<string, number> } }>(
      `SELECT "seq"::int AS "seq", "data" FROM "RunEvent" WHERE "organizationId" = $1 AND "type" = 'token_consumption' ORDER BY "seq"`,
      [organizationId],
    );
    const eventTotal = events.rows.reduce((sum, { data }) => sum + data.consumption.tokens_in + data.consumption.tokens_out, 0);
    // The first call and the retry's; the killed call never reported usage, so it has no event.
    expect(events.rows).toHaveLength(2);
    expect(eventTotal).toBe(1230 + 40 + 500 + 25);

    const entries = await db.query(
      `SELECT "conversationId", "eventSeq"::int AS "seq", "userId", "tokensIn" + "tokensOut" + "cacheReadTokens" + "cacheWriteTokens" AS "total"
       FROM "UsageEntry" WHERE "organizationId" = $1 AND "kind" = 'tokens' ORDER BY "eventSeq"`,
      [organizationId],
    );
    expect(entries.rows.map((entry) => [entry.conversationId, entry.seq])).toEqual(events.rows.map((event) => [id, event.seq]));
    expect(new Set(entries.rows.map((entry) => `${entry.conversationId}:${entry.seq}`)).size).toBe(entries.rows.length);
    // The first call counts for the person who sent the message; Retry starts a run nobody typed (launch.ts), which counts for nobody.
    expect(entries.rows.map((entry) => entry.userId)).toEqual([user.userId, null]);
    const entryTotal = entries.rows.reduce((sum, entry) => sum + Number(entry.total), 0);
    expect(entryTotal).toBe(eventTotal);

    const month = await db.query(
      `SELECT "tokens"::text FROM "UsageMonth" WHERE "organizationId" = $1 AND "month" = date_trunc('month', now() AT TIME ZONE 'UTC')::date`,
      [organizationId],
    );
    expect(Number(month.rows[0].tokens)).toBe(eventTotal);

    // The retry's end on C checked the thresholds: the owner has the 80% warning of messages, once.
    const warnings = await eventually(async () => {
      const { rows } = await db.query(
        `SELECT "subject", "to" FROM "DemoEmail" WHERE "organizationId" = $1 AND "toolCallId" LIKE 'usage:%'`,
        [organizationId],
      );
      return rows.length > 0 && rows;
    });
    expect(warnings).toEqual([{ subject: `${user.name} Team has used 80% of this month's messages`, to: user.email }]);
  });
});
