// "New chat": a conversation is created with its first message in one request, none is left empty,
// and a conversation's model is chosen among the ones an admin allows (docs/models.md "Model choice").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appBaseURL } from "../support/env";
import { createAccount, type TestAccount } from "../support/http-client";
import { createConversation, readToEnd } from "../support/run-events";
import { sql } from "../support/sql";
import { teamOf } from "../support/teams";
import { eventually } from "../../support/eventually";
import { openaiText, startFakeOpenAI, type FakeOpenAIServer } from "../../support/fake-providers/openai";

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
type Summary = { id: string; title: string; busy: boolean };
type Snapshot = { messages: Array<{ sender: string; text: string }> };
type ModelAnswer = { model: string | null; choices: string[] };

let server: FakeOpenAIServer;
let user: TestAccount;

beforeAll(async () => {
  [server, user] = await Promise.all([startFakeOpenAI(openaiText("The chosen model answers.")), createAccount(appBaseURL(), "starter")]);
});
afterAll(() => server?.close());

const titles = async (account: TestAccount) =>
  (await account.client.json<{ conversations: Summary[] }>("/api/conversations")).body.conversations.map((c) => c.title);

/** The organization's agent on the local OpenAI-compatible fake, with `allowedModels` besides "model-a". */
async function useCompatibleServer(admin: TestAccount, allowedModels: string[]) {
  const { status, body } = await admin.client.json(`/api/orgs/${admin.orgSlug}/agent`, {
    method: "PUT",
    json: {
      name: "Agent",
      systemPrompt: "Be brief.",
      enabledTools: [],
      model: { provider: "openai-compatible", model: "model-a", baseURL: `${server.url}/v1`, maxAttempts: 1 },
      allowedModels,
    },
  });
  expect(status, JSON.stringify(body)).toBe(200);
}

describe("a conversation created with its first message", () => {
  it("answers 201 with the conversation busy and named after the message; the message and its answer are stored", async () => {
    const { status, body } = await user.client.json<{ conversation: Summary }>("/api/conversations", {
      json: { message: { text: "help me choose between tea, coffee and water" } },
    });
    expect(status).toBe(201);
    expect(body.conversation).toMatchObject({ title: "help me choose between tea, coffee and water", busy: true });
    const messages = await eventually(async () => {
      const snapshot = await user.client.json<Snapshot>(`/api/conversations/${body.conversation.id}`);
      return snapshot.body.messages.length >= 2 && snapshot.body.messages;
    });
    expect(messages[0]).toMatchObject({ sender: "user", text: "help me choose between tea, coffee and water" });
  });

  it("a message the model cannot take is refused, and no conversation is left behind", async () => {
    const own = await createAccount(appBaseURL(), "refused");
    await useCompatibleServer(own, []);
    const response = await own.client.request("/api/conversations", {
      json: { message: { text: "what is in this picture?", attachments: [{ media_type: "image/png", data: PNG }] } },
    });
    expect(response.status).toBe(422);
    expect(await titles(own)).toEqual([]);
    expect(
      await sql(`SELECT 1 FROM "Conversation" c JOIN "Membership" m ON m."organizationId" = c."organizationId" WHERE m."userId" = $1`, [
        own.userId,
      ]),
    ).toEqual([]);
  });

  it("the list leaves out conversations nobody wrote in after a few minutes, and keeps new ones", async () => {
    const own = await createAccount(appBaseURL(), "empties");
    const stale = await createConversation(own.client, "stale and empty");
    await createConversation(own.client, "new and empty");
    const written = await own.client.json<{ conversation: Summary }>("/api/conversations", { json: { message: { text: "hello" } } });
    expect(written.status).toBe(201);
    await eventually(
      async () => (await own.client.json<Snapshot>(`/api/conversations/${written.body.conversation.id}`)).body.messages.length > 0,
    );
    // Both an hour old: the empty one leaves the list, the one with a message stays.
    await sql(`UPDATE "Conversation" SET "createdAt" = now() - interval '1 hour' WHERE "id" = ANY($1)`, [
      [stale, written.body.conversation.id],
    ]);
    const listed = await titles(own);
    expect(listed).toEqual(expect.arrayContaining(["hello", "new and empty"]));
    expect(listed).not.toContain("stale and empty");
  });
});

describe("a conversation's model", () => {
  it("a member picks an allowed model and the run goes to it; another model is 422; the default is the agent's", async () => {
    const { owner, member } = await teamOf(appBaseURL());
    await useCompatibleServer(owner, ["model-b"]);
    const id = await createConversation(member.client, "model choice", owner.orgSlug);

    const initial = await member.client.json<ModelAnswer>(`/api/conversations/${id}/model`);
    expect(initial.body).toEqual({ model: "model-a", choices: ["model-a", "model-b"] });

    const refused = await member.client.json<{ error: { code: string; details: { choices: string[] } } }>(
      `/api/conversations/${id}/model`,
      {
        method: "PUT",
        json: { model: "model-x" },
      },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: "model_not_allowed", details: { choices: ["model-a", "model-b"] } });

    const chosen = await member.client.json<ModelAnswer>(`/api/conversations/${id}/model`, { method: "PUT", json: { model: "model-b" } });
    expect(chosen.body.model).toBe("model-b");

    server.requests.length = 0;
    const response = await member.client.request(`/api/conversations/${id}/messages`, { json: { text: "which model are you?" } });
    expect(response.status).toBe(200);
    expect((await readToEnd(response)).at(-1)?.type).toBe("run_completed");
    expect((server.lastRequest?.body as { model?: string }).model).toBe("model-b");

    // The admin takes model-b off the list: the conversation is back on the agent's model.
    await useCompatibleServer(owner, []);
    expect((await member.client.json<ModelAnswer>(`/api/conversations/${id}/model`)).body).toEqual({
      model: "model-a",
      choices: ["model-a"],
    });
  });
});
