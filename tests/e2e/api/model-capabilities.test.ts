// What the agent's model can do decides what a message may carry and how full the usage meter reads.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../support/http-client";
import { appBaseURL } from "../support/env";
import { createConversation, postMessage, readToEnd } from "../support/run-events";
import { openaiText, startFakeOpenAI, type FakeOpenAIServer } from "../../support/fake-providers/openai";

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
type ErrorBody = { error: { code: string; message: string } };
type Snapshot = { messages: unknown[]; stats: { context_window?: number; context_tokens: number } };

let server: FakeOpenAIServer;
let owner: TestAccount;

beforeAll(async () => {
  server = await startFakeOpenAI(openaiText("I see a pixel.", { usage: { prompt_tokens: 900, completion_tokens: 100 } }));
  owner = await createAccount(appBaseURL(), "capabilities");
});
afterAll(() => server?.close());

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
