// What the agent's model can do decides what a message may carry and how full the usage meter reads.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../support/http-client";
import { appBaseURL } from "../support/env";
import { createConversation, postMessage, readToEnd, say } from "../support/run-events";
import { anthropicText, startFakeAnthropic, type FakeAnthropicServer } from "../../support/fake-providers/anthropic";
import { openaiText, startFakeOpenAI, type FakeOpenAIServer } from "../../support/fake-providers/openai";

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
type ErrorBody = { error: { code: string; message: string } };
type Snapshot = { messages: unknown[]; stats: { context_window?: number; context_tokens: number } };

let server: FakeOpenAIServer;
let claude: FakeAnthropicServer;
let owner: TestAccount;

beforeAll(async () => {
  [server, claude] = await Promise.all([
    startFakeOpenAI(openaiText("I see a pixel.", { usage: { prompt_tokens: 900, completion_tokens: 100 } })),
    startFakeAnthropic(anthropicText("The main model answers.")),
  ]);
  owner = await createAccount(appBaseURL(), "capabilities");
});
afterAll(() => Promise.all([server?.close(), claude?.close()]));

/** The organization's agent on a local OpenAI-compatible server (the e2e server allows private URLs). */
async function useCompatibleServer(capabilities?: Record<string, unknown>) {
  const { status, body } = await owner.client.json(`/api/orgs/${owner.orgSlug}/agent`, {
    method: "PUT",
    json: {
      name: "Agent",
      systemPrompt: "Be brief.",
      enabledTools: [],
      model: {
        provider: "openai-compatible",
        model: "llama3.2",
        baseURL: `${server.url}/v1`,
        maxAttempts: 1,
        ...(capabilities && { capabilities }),
      },
    },
  });
  expect(status, JSON.stringify(body)).toBe(200);
}

describe("model capabilities", () => {
  it("an image for a model that cannot read images is refused with 422 before anything is stored or sent", async () => {
    await useCompatibleServer();
    const id = await createConversation(owner.client);
    server.requests.length = 0;

    const response = await postMessage(owner.client, id, "what is in this picture?", {
      attachments: [{ media_type: "image/png", data: PNG }],
    });

    expect(response.status).toBe(422);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.code).toBe("model_cannot_read_images");
    expect(body.error.message).toContain("openai-compatible:llama3.2 cannot read images");
    expect(server.requests).toHaveLength(0);
    const snapshot = await owner.client.json<Snapshot>(`/api/conversations/${id}`);
    expect(snapshot.body.messages).toEqual([]);
  });

  it("once the admin states the model reads images, it gets them; the snapshot carries the stated window", async () => {
    await useCompatibleServer({ images: true, context_window: 4000 });
    const id = await createConversation(owner.client);

    const response = await postMessage(owner.client, id, "what is in this picture?", {
      attachments: [{ media_type: "image/png", data: PNG }],
    });
    expect(response.status).toBe(200);
    const events = await readToEnd(response);
    expect(events.at(-1)?.type).toBe("run_completed");

    expect(JSON.stringify(server.lastRequest?.body)).toContain(`data:image/png;base64,${PNG}`);
    const snapshot = await owner.client.json<Snapshot>(`/api/conversations/${id}`);
    expect(snapshot.body.stats).toMatchObject({ context_window: 4000, context_tokens: 1000 });
  });
});

describe("light / heavy routing", () => {
  it("a simple request goes to the light model and a code question to the main one; each message says where it went", async () => {
    const { status } = await owner.client.json(`/api/orgs/${owner.orgSlug}/agent`, {
      method: "PUT",
      json: {
        name: "Agent",
        systemPrompt: "Be brief.",
        enabledTools: [],
        model: { provider: "anthropic", model: "claude-test", baseURL: claude.url, maxAttempts: 1, light: { provider: "demo" } },
        providerApiKey: "sk-ant-team-key",
      },
    });
    expect(status).toBe(200);
    const id = await createConversation(owner.client);
    claude.requests.length = 0;

    const light = await say(owner.client, id, "hi");
    expect(light.find((e) => e.type === "model_routed")?.data).toEqual({ model: "demo", tier: "light", score: 0, threshold: 0.35 });
    expect(claude.requests).toHaveLength(0);

    const heavy = await say(owner.client, id, "Why does this fail?\n```js\nnull.x\n```");
    expect(heavy.find((e) => e.type === "model_routed")?.data).toMatchObject({ model: "anthropic:claude-test", tier: "heavy", score: 0.4 });
    expect(claude.requests).toHaveLength(1);

    const snapshot = await owner.client.json<{ messages: { sender: string; routed?: { tier: string } }[] }>(`/api/conversations/${id}`);
    expect(snapshot.body.messages.filter((m) => m.sender === "agent").map((m) => m.routed?.tier)).toEqual(["light", "heavy"]);
  });
});
