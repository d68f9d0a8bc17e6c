// The plan's limits with billing on, against a production server of its own (BILLING=stripe; the
// shared e2e server keeps billing off). Usage is set by writing UsageMonth rows, the plan by an
// OrganizationBilling row; every answer is what a person or a machine would see.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planLimitDetailsSchema } from "@/lib/schemas/billing";
import { PLANS } from "@/lib/server/billing/plans";
import { anthropicText, startFakeAnthropic } from "@/tests/support/fake-providers/anthropic";
import { expenseClaimForm } from "@/prisma/demo-forms";
import { billingOnEnv } from "@/tests/support/billing-env";
import { startAppServer, type AppServer } from "@/tests/support/app-server";
import { appDatabaseUrl } from "../support/env";
import { createAccount, type TestAccount } from "../support/http-client";
import { answerSlot, createConversation, EventStreamReader, postMessage, readToEnd, useAnthropicAt } from "../support/run-events";
import { sql } from "../support/sql";
import { createKey, v1Client } from "../support/v1-client";

const FREE = PLANS.free.limits;
const ORG_MESSAGES_PER_MINUTE = 30;
const ORG_API_REQUESTS_PER_MINUTE = 12;
let server: AppServer;

beforeAll(async () => {
  server = await startAppServer({
    databaseUrl: appDatabaseUrl(),
    env: {
      ...billingOnEnv(),
      ORG_MESSAGE_RATE_LIMIT_PER_MINUTE: String(ORG_MESSAGES_PER_MINUTE),
      ORG_API_RATE_LIMIT_PER_MINUTE: String(ORG_API_REQUESTS_PER_MINUTE),
    },
  });
});

afterAll(async () => {
  await server?.stop();
});

const orgIdOf = async (account: TestAccount) =>
  (await sql<{ id: string }>(`SELECT id FROM "Organization" WHERE slug = $1`, [account.orgSlug]))[0].id;

/** This month's usage of the account's organization, as the admission reads it. */
async function setUsage(account: TestAccount, usage: { messages?: number; tokens?: number; apiRequests?: number }) {
  await sql(
    `INSERT INTO "UsageMonth" ("organizationId", "month", "messages", "tokens", "apiRequests")
     VALUES ($1, date_trunc('month', now() AT TIME ZONE 'UTC')::date, $2, $3, $4)
     ON CONFLICT ("organizationId", "month") DO UPDATE SET "messages" = $2, "tokens" = $3, "apiRequests" = $4`,
    [await orgIdOf(account), usage.messages ?? 0, usage.tokens ?? 0, usage.apiRequests ?? 0],
  );
}

type LimitBody = { error: { code: string; message: string; details: Record<string, unknown> } };

describe("plan limits (billing on)", () => {
  it("20 parallel messages at the last remaining one: one stream, 19 × 402 with the plan's sentence", async () => {
    const owner = await createAccount(server.baseURL, "lastmsg");
    const conversationId = await createConversation(owner.client, "Edge");
    await setUsage(owner, { messages: FREE.messages - 1 });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => postMessage(owner.client, conversationId, `hello ${index}`)),
    );
    const streams = responses.filter((response) => response.status === 200);
    const refused = responses.filter((response) => response.status === 402);
    expect(streams).toHaveLength(1);
    expect(refused).toHaveLength(19);
    expect(streams[0].headers.get("content-type")).toContain("text/event-stream");
    for (const response of refused) {
      const body = (await response.json()) as LimitBody;
      expect(body.error.code).toBe("plan_limit");
      expect(body.error.message).toContain(`${FREE.messages} messages a month`);
      expect(body.error.message).toContain("resets on the 1st");
      expect(planLimitDetailsSchema.parse(body.error.details)).toMatchObject({
        metric: "messages",
        used: FREE.messages,
        limit: FREE.messages,
        plan: "free",
        upgrade_path: `/${owner.orgSlug}/settings/billing`,
      });
    }
    const events = await readToEnd(streams[0]);
    expect(events.map((event) => event.type)).toContain("run_completed");
    const [month] = await sql<{ messages: number }>(`SELECT "messages" FROM "UsageMonth" WHERE "organizationId" = $1`, [
      await orgIdOf(owner),
    ]);
    expect(month.messages).toBe(FREE.messages);
  });

  it("a card answer over the token limit is 402 and the card still waits", async () => {
    const owner = await createAccount(server.baseURL, "cardlimit");
    const conversationId = await createConversation(owner.client, "Card");
    const events = await readToEnd(await postMessage(owner.client, conversationId, "help me choose between tea, coffee and water"));
    const slot = events.find((event) => event.type === "slot_push")!.data.slot as { id: string };
    await setUsage(owner, { messages: 1, tokens: FREE.tokens });
    const answered = await answerSlot(owner.client, slot.id, "resolve", { value: { choice: "tea" } });
    expect(answered.status).toBe(402);
    const body = (await answered.json()) as LimitBody;
    expect(body.error.details).toMatchObject({ metric: "tokens", limit: FREE.tokens });
    const [stored] = await sql<{ status: string }>(`SELECT status FROM "Slot" WHERE id = $1`, [slot.id]);
    expect(stored.status).toBe("pending");
  });

  it("Pro's larger limits apply from its OrganizationBilling row", async () => {
    const owner = await createAccount(server.baseURL, "pro");
    await sql(
      `INSERT INTO "OrganizationBilling" ("organizationId", "plan", "subscriptionStatus", "updatedAt") VALUES ($1, 'pro', 'active', now())`,
      [await orgIdOf(owner)],
    );
    const conversationId = await createConversation(owner.client, "Pro");
    await setUsage(owner, { messages: FREE.messages });
    const response = await postMessage(owner.client, conversationId, "hello");
    expect(response.status).toBe(200);
    await readToEnd(response);
  });

  it("a v1 message over the limit is 402 with the JSON body; past the month's API requests every v1 request is", async () => {
    const owner = await createAccount(server.baseURL, "v1limit");
    const api = v1Client(server.baseURL, (await createKey(owner)).secret);
    const created = await api.json<{ conversation: { id: string } }>("/api/v1/conversations", { json: { title: "Machine" } });
    expect(created.status).toBe(201);
    await setUsage(owner, { messages: FREE.messages, apiRequests: 10 });
    const refused = await api.json(`/api/v1/conversations/${created.body.conversation.id}/messages`, { json: { text: "hello" } });
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe("plan_limit");
    // A key is nobody's role: the sentence sends its holder to an owner.
    expect(refused.body.error.message).toContain("Ask an owner");
    expect(planLimitDetailsSchema.parse(refused.body.error.details)).toMatchObject({ metric: "messages", upgrade_path: null });

    await setUsage(owner, { apiRequests: FREE.apiRequests });
    const over = await api.json("/api/v1/conversations");
    expect(over.status).toBe(402);
    expect(over.body.error.details).toMatchObject({ metric: "apiRequests", limit: FREE.apiRequests });
  });

  it("accepting an invite at the seat limit is 402, and the membership is not made", async () => {
    const owner = await createAccount(server.baseURL, "seats");
    const invitees = await Promise.all(Array.from({ length: FREE.seats }, (_, index) => createAccount(server.baseURL, `seat${index}`)));
    const tokens: string[] = [];
    for (const invitee of invitees) {
      const invite = await owner.client.json<{ link: string }>(`/api/orgs/${owner.orgSlug}/invites`, {
        json: { email: invitee.email, role: "member" },
      });
      expect(invite.status).toBe(201);
      tokens.push(new URL(invite.body.link).pathname.split("/").pop()!);
    }
    // All at once: the owner and the first FREE.seats - 1 fill the seats, whichever accept wins; one is refused.
    const accepted = await Promise.all(
      invitees.map((invitee, index) => invitee.client.json<LimitBody>("/api/invites/accept", { json: { token: tokens[index] } })),
    );
    expect(accepted.filter((answer) => answer.status === 200)).toHaveLength(FREE.seats - 1);
    const refused = accepted.filter((answer) => answer.status === 402);
    expect(refused).toHaveLength(1);
    expect(refused[0].body.error.message).toContain(`${FREE.seats} members`);
    const [members] = await sql<{ count: number }>(`SELECT count(*)::int AS count FROM "Membership" WHERE "organizationId" = $1`, [
      await orgIdOf(owner),
    ]);
    expect(members.count).toBe(FREE.seats);
  });

  it("creating a webhook endpoint at the limit is 402", async () => {
    const owner = await createAccount(server.baseURL, "hooks");
    const create = () =>
      owner.client.json<LimitBody>(`/api/orgs/${owner.orgSlug}/webhooks`, {
        json: { url: "http://127.0.0.1:9/hook", event_types: ["run.completed"] },
      });
    for (let i = 0; i < FREE.webhookEndpoints; i++) expect((await create()).status).toBe(201);
    const refused = await create();
    expect(refused.status).toBe(402);
    expect(refused.body.error.details).toMatchObject({ metric: "webhookEndpoints", upgrade_path: `/${owner.orgSlug}/settings/billing` });
    expect(refused.body.error.message).toContain("Upgrade to Pro");
  });

  it("the organization's message rate limit is 429 with Retry-After, for every member together", async () => {
    const owner = await createAccount(server.baseURL, "orgrate");
    const conversationId = await createConversation(owner.client, "Rate");
    // Refused by the plan, still counted by the rate: the rate limit comes first.
    await setUsage(owner, { messages: FREE.messages });
    const statuses: number[] = [];
    for (let i = 0; i <= ORG_MESSAGES_PER_MINUTE; i++) {
      const response = await postMessage(owner.client, conversationId, `hi ${i}`);
      statuses.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
        const body = (await response.json()) as LimitBody;
        expect(body.error.message).toContain("messages from this organization");
      } else await response.body?.cancel();
    }
    expect(statuses.slice(0, ORG_MESSAGES_PER_MINUTE).every((status) => status === 402)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("the organization's keys share one API rate limit: 429 with Retry-After past it, whichever key asks", async () => {
    const owner = await createAccount(server.baseURL, "orgapi");
    const first = v1Client(server.baseURL, (await createKey(owner, ["inbox:read"], "First")).secret);
    const second = v1Client(server.baseURL, (await createKey(owner, ["inbox:read"], "Second")).secret);
    for (let i = 0; i < ORG_API_REQUESTS_PER_MINUTE; i++) expect((await (i % 2 ? first : second).json("/api/v1/inbox")).status).toBe(200);
    const refused = await first.json("/api/v1/inbox");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body.error.message).toContain("This organization's API keys made more than");
    // Another organization's key is not affected.
    const stranger = await createAccount(server.baseURL, "orgapi2");
    expect((await v1Client(server.baseURL, (await createKey(stranger, ["inbox:read"])).secret).json("/api/v1/inbox")).status).toBe(200);
  });

  it("creating a form at the limit is 402; an archived form frees its place", async () => {
    const owner = await createAccount(server.baseURL, "forms");
    const create = (index: number) =>
      owner.client.json<LimitBody & { form: { id: string } }>(`/api/orgs/${owner.orgSlug}/forms`, {
        json: { definition: { ...expenseClaimForm, id: `claim-${index}`, name: `Claim ${index}` } },
      });
    const created: string[] = [];
    for (let i = 0; i < FREE.forms; i++) {
      const answer = await create(i);
      expect(answer.status).toBe(201);
      created.push(answer.body.form.id);
    }
    const refused = await create(FREE.forms);
    expect(refused.status).toBe(402);
    expect(refused.body.error.details).toMatchObject({ metric: "forms", used: FREE.forms, limit: FREE.forms });
    expect((await owner.client.json(`/api/orgs/${owner.orgSlug}/forms/${created[0]}`, { method: "DELETE" })).status).toBe(200);
    expect((await create(FREE.forms)).status).toBe(201);
  });
  it("a message queued while the agent answers is counted; an edit refused then (409) is not", async () => {
    const model = await startFakeAnthropic(anthropicText("All done."));
    try {
      const owner = await createAccount(server.baseURL, "refunds");
      await useAnthropicAt(owner, model.url);
      const conversationId = await createConversation(owner.client, "Busy");
      // About 6 s of streamed text: long enough to act while it runs.
      model.enqueue(anthropicText(Array.from({ length: 300 }, (_, i) => `word${i}`).join(" "), { interTokenDelayMs: 20 }));
      const first = new EventStreamReader(await postMessage(owner.client, conversationId, "tell me a long story"));
      await first.waitForType("text_delta");
      const queued = await readToEnd(await postMessage(owner.client, conversationId, "and keep it short"));
      expect(queued.map((event) => event.type)).toContain("message_queued");
      const snapshot = await owner.client.json<{ messages: { id: string; sender: string }[] }>(`/api/conversations/${conversationId}`);
      const typed = snapshot.body.messages.find((message) => message.sender === "user")!;
      const edit = await owner.client.json(`/api/conversations/${conversationId}/messages/${typed.id}/edit`, {
        json: { text: "a short one" },
      });
      expect(edit.status).toBe(409);

      const orgId = await orgIdOf(owner);
      const [month] = await sql<{ messages: number }>(`SELECT "messages" FROM "UsageMonth" WHERE "organizationId" = $1`, [orgId]);
      expect(month.messages).toBe(2);
      const [entries] = await sql<{ count: number }>(
        `SELECT count(*)::int AS count FROM "UsageEntry" WHERE "organizationId" = $1 AND "kind" = 'message'`,
        [orgId],
      );
      expect(entries.count).toBe(2);
      await owner.client.json(`/api/conversations/${conversationId}/abort`, { json: {} });
      await first.ended;
    } finally {
      await model.close();
    }
  });

  it("a v1 message's entry names its conversation; a request refused for its scope or an impossible id is not counted", async () => {
    const owner = await createAccount(server.baseURL, "v1count");
    const api = v1Client(server.baseURL, (await createKey(owner)).secret);
    const created = await api.json<{ conversation: { id: string } }>("/api/v1/conversations", { json: { title: "Machine" } });
    const conversationId = created.body.conversation.id;
    expect((await api.json(`/api/v1/conversations/${conversationId}/messages`, { json: { text: "hello" } })).status).toBe(202);
    const orgId = await orgIdOf(owner);
    const entries = await sql<{ conversationId: string | null; keyed: boolean; userId: string | null }>(
      `SELECT "conversationId", "apiKeyId" IS NOT NULL AS keyed, "userId" FROM "UsageEntry" WHERE "organizationId" = $1 AND "kind" = 'message'`,
      [orgId],
    );
    // Counted for the key that sent it, which is nobody's person.
    expect(entries).toEqual([{ conversationId, keyed: true, userId: null }]);

    // A conversation created with its first message: the entry, counted before the conversation existed, names it too.
    const withMessage = await api.json<{ conversation: { id: string } }>("/api/v1/conversations", {
      json: { title: "With a message", message: "hi" },
    });
    expect(withMessage.status).toBe(201);
    const named = await sql<{ conversationId: string | null }>(
      `SELECT "conversationId" FROM "UsageEntry" WHERE "organizationId" = $1 AND "kind" = 'message' ORDER BY "id"`,
      [orgId],
    );
    expect(named).toEqual([{ conversationId }, { conversationId: withMessage.body.conversation.id }]);

    const requests = async () =>
      (await sql<{ apiRequests: number }>(`SELECT "apiRequests" FROM "UsageMonth" WHERE "organizationId" = $1`, [orgId]))[0].apiRequests;
    const before = await requests();
    const narrow = v1Client(server.baseURL, (await createKey(owner, ["inbox:read"], "Narrow")).secret);
    expect((await narrow.json("/api/v1/conversations")).status).toBe(403);
    expect((await api.json(`/api/v1/conversations/${"x".repeat(101)}`)).status).toBe(404);
    expect(await requests()).toBe(before);
  });
});
