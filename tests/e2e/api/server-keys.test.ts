// The operator's model keys never travel to a base URL a tenant chose, unless the operator allow-listed it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../support/http-client";
import { appDatabaseUrl } from "../support/env";
import { createConversation, say } from "../support/run-events";
import { startAppServer, type AppServer } from "../../support/app-server";
import { anthropicError, startFakeAnthropic, type FakeAnthropicServer } from "../../support/fake-providers/anthropic";

const CANARIES = {
  ANTHROPIC_API_KEY: "canary-anthropic-7f3a9c",
  OPENAI_API_KEY: "canary-openai-2b8e41",
  GOOGLE_GENERATIVE_AI_API_KEY: "canary-google-5d0c77",
};
const TENANT_KEY = "sk-ant-team-own-key-4411";

type Settings = { settings: { usingDemoModel: boolean; notices: string[] } };

let server: AppServer;
// Every request fails, so the agent tries the primary and then each fallback in turn.
let hostile: FakeAnthropicServer;
let trusted: FakeAnthropicServer;

beforeAll(async () => {
  [hostile, trusted] = await Promise.all([startFakeAnthropic(anthropicError(500)), startFakeAnthropic(anthropicError(500))]);
  server = await startAppServer({ databaseUrl: appDatabaseUrl(), env: { ...CANARIES, SERVER_KEY_BASE_URLS: trusted.url } });
});

afterAll(async () => {
  await server?.stop();
  await Promise.all([hostile?.close(), trusted?.close()]);
});

/** Points the primary (Anthropic) and both fallbacks (OpenAI, Google) at `url`. */
async function pointEverythingAt(account: TestAccount, url: string, providerApiKey?: string) {
  const reply = await account.client.json<Settings>(`/api/orgs/${account.orgSlug}/agent`, {
    method: "PUT",
    json: {
      name: "Agent",
      systemPrompt: "Be brief.",
      enabledTools: [],
      model: {
        provider: "anthropic",
        model: "claude-test",
        baseURL: url,
        maxAttempts: 1,
        fallbacks: [
          { provider: "openai", model: "gpt-test", baseURL: `${url}/v1` },
          { provider: "google", model: "gemini-test", baseURL: `${url}/v1beta` },
        ],
      },
      ...(providerApiKey && { providerApiKey }),
    },
  });
  expect(reply.status).toBe(200);
  return reply.body.settings;
}

const everything = (server: FakeAnthropicServer) =>
  JSON.stringify(server.requests.map(({ headers, body, path }) => ({ headers, body, path })));

describe("server keys and tenant base URLs", () => {
  it("without a team key: the demo model answers, the settings say why, and the host never sees a server key", async () => {
    const owner = await createAccount(server.baseURL, "keyless");
    const settings = await pointEverythingAt(owner, hostile.url);
    expect(settings.usingDemoModel).toBe(true);
    expect(settings.notices.join(" ")).toContain("a custom base URL needs your team's own key");

    const events = await say(owner.client, await createConversation(owner.client), "hello");
    expect(events.at(-1)?.type).toBe("run_completed");
    expect(
      events
        .filter((e) => e.type === "model_response_complete")
        .map((e) => e.data.text)
        .join(" "),
    ).toContain("offline demo model");
    for (const canary of Object.values(CANARIES)) expect(everything(hostile)).not.toContain(canary);
  });

  it("with a team key: the primary gets the team's key, each fallback is skipped, and no server key is sent", async () => {
    const owner = await createAccount(server.baseURL, "ownkey");
    const settings = await pointEverythingAt(owner, hostile.url, TENANT_KEY);
    expect(settings.usingDemoModel).toBe(false);
    expect(settings.notices).toEqual([
      expect.stringMatching(/^The fallback model openai:gpt-test is skipped\. .*a custom base URL needs your team's own key/),
      expect.stringMatching(/^The fallback model google:gemini-test is skipped\. .*a custom base URL needs your team's own key/),
    ]);
    const before = hostile.requests.length;

    const events = await say(owner.client, await createConversation(owner.client), "hello");
    expect(events.at(-1)?.type).toBe("run_failed");
    const sent = hostile.requests.slice(before);
    // The primary alone was called (the fallbacks were left out), with the team's own key.
    expect(sent.map((request) => request.headers.authorization ?? request.headers["x-api-key"])).toEqual([`Bearer ${TENANT_KEY}`]);
    for (const canary of Object.values(CANARIES)) expect(everything(hostile)).not.toContain(canary);
  });

  it("an allow-listed base URL does receive the server's keys, for the primary and each fallback", async () => {
    const owner = await createAccount(server.baseURL, "trusted");
    const settings = await pointEverythingAt(owner, trusted.url);
    expect(settings).toMatchObject({ usingDemoModel: false, notices: [] });

    const events = await say(owner.client, await createConversation(owner.client), "hello");
    expect(events.at(-1)?.type).toBe("run_failed");
    for (const canary of Object.values(CANARIES)) expect(everything(trusted)).toContain(canary);
  });
});
