import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { HttpClient, createAccount, type TestAccount } from "../support/http-client";
import { appBaseURL, appDatabaseUrl } from "../support/env";
import { teamOf } from "../support/teams";
import { startAppServer, type AppServer } from "../../support/app-server";
import { anthropicText, anthropicToolUse, startFakeAnthropic, type FakeAnthropicServer } from "../../support/fake-providers/anthropic";
import { answerSlot, createConversation, postMessage, say, useAnthropicAt } from "../support/run-events";
import { BUILTIN_TOOL_NAMES } from "@/lib/tools/catalog";

type View = {
  name: string;
  systemPrompt: string;
  model: { provider: string; model?: string; baseURL?: string };
  enabledTools: string[];
  permissionPolicy: Record<string, string>;
  slotTtlMinutes: number | null;
  requestTokenBudget: number | null;
  providerKeySet: boolean;
  environmentKeySet: boolean;
  usingDemoModel: boolean;
  notices: string[];
  availableTools: { name: string; description: string; requiresPermission: boolean }[];
};
type ErrorBody = { error: { code: string; message: string; details?: { issues?: { path: string; message: string }[] } } };

const BUILTIN = BUILTIN_TOOL_NAMES;
const TENANT_KEY = "sk-ant-tenant-secret-0123456789";

let model: FakeAnthropicServer;

beforeAll(async () => {
  model = await startFakeAnthropic(anthropicText("Hello from the fake model."));
});

afterAll(async () => {
  await model.close();
});

const settingsOf = async (account: TestAccount) =>
  (await account.client.json<{ settings: View }>(`/api/orgs/${account.orgSlug}/agent`)).body.settings;
const put = (account: TestAccount, body: unknown) =>
  account.client.json<{ settings: View } & ErrorBody>(`/api/orgs/${account.orgSlug}/agent`, { method: "PUT", json: body });
const base = { name: "Helper", systemPrompt: "Be brief.", enabledTools: BUILTIN };

async function storedKeyColumn(orgSlug: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: appDatabaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT s."providerKeyEncrypted" FROM "AgentSettings" s JOIN "Organization" o ON o.id = s."organizationId" WHERE o.slug = $1`,
      [orgSlug],
    );
    return rows[0]?.providerKeyEncrypted ?? null;
  } finally {
    await client.end();
  }
}

describe("agent settings", () => {
  it("a new organization gets the demo model and every built-in tool", async () => {
    const owner = await createAccount(appBaseURL(), "fresh");
    const settings = await settingsOf(owner);
    expect(settings).toMatchObject({
      name: "Assistant",
      model: { provider: "demo" },
      enabledTools: BUILTIN,
      permissionPolicy: {},
      slotTtlMinutes: null,
      requestTokenBudget: null,
      providerKeySet: false,
      usingDemoModel: true,
    });
    expect(settings.availableTools.map((tool) => tool.name)).toEqual(BUILTIN);
    expect(settings.availableTools.find((tool) => tool.name === "send_email")?.requiresPermission).toBe(true);
    expect(settings.availableTools.find((tool) => tool.name === "ask_preference")?.requiresPermission).toBe(false);
  });

  it("members read, only owners and admins change them", async () => {
    const { owner, admin, member } = await teamOf(appBaseURL());
    expect((await member.client.json(`/api/orgs/${owner.orgSlug}/agent`)).status).toBe(200);
    const memberPut = await member.client.json<ErrorBody>(`/api/orgs/${owner.orgSlug}/agent`, { method: "PUT", json: base });
    expect(memberPut.status).toBe(403);
    const adminPut = await admin.client.json<{ settings: View }>(`/api/orgs/${owner.orgSlug}/agent`, {
      method: "PUT",
      json: { ...base, name: "Admin's agent" },
    });
    expect(adminPut.status).toBe(200);
    expect(adminPut.body.settings.name).toBe("Admin's agent");
    expect((await settingsOf(owner)).name).toBe("Admin's agent");
  });

  it("validates: unknown tools, a key in the model settings, an incomplete model, bad JSON", async () => {
    const owner = await createAccount(appBaseURL(), "validator");
    const paths = async (body: unknown) => (await put(owner, body)).body.error?.details?.issues?.map((issue) => issue.path);
    expect(await paths({ ...base, enabledTools: ["send_email", "launch_rockets"] })).toEqual(["enabledTools.1"]);
    expect(await paths({ ...base, permissionPolicy: { launch_rockets: "allow" } })).toEqual(["permissionPolicy.launch_rockets"]);
    expect(await paths({ ...base, model: { provider: "anthropic", model: "claude-x", apiKey: "sk-inline" } })).toEqual(["model.apiKey"]);
    expect(await paths({ ...base, model: { provider: "anthropic" } })).toEqual(["model.model"]);
    expect(await paths({ ...base, slotTtlMinutes: 0 })).toEqual(["slotTtlMinutes"]);
    expect(await paths({ ...base, requestTokenBudget: 10 })).toEqual(["requestTokenBudget"]);
    expect(await paths({ name: "No tools field" })).toEqual(["enabledTools"]);
    expect(
      (
        await owner.client.json(`/api/orgs/${owner.orgSlug}/agent`, {
          method: "PUT",
          body: "{",
          headers: { "content-type": "application/json" },
        })
      ).status,
    ).toBe(400);
    expect((await settingsOf(owner)).name).toBe("Assistant");
  });

  it("the provider key is write-only and stored encrypted; absent leaves it, empty clears it", async () => {
    const { owner, member } = await teamOf(appBaseURL());
    const saved = await put(owner, { ...base, model: { provider: "anthropic", model: "claude-test" }, providerApiKey: TENANT_KEY });
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toMatchObject({ providerKeySet: true, usingDemoModel: false });
    expect(JSON.stringify(saved.body)).not.toContain(TENANT_KEY);
    expect(JSON.stringify((await member.client.json(`/api/orgs/${owner.orgSlug}/agent`)).body)).not.toContain(TENANT_KEY);
    const column = await storedKeyColumn(owner.orgSlug);
    expect(column).toMatch(/^v1\./);
    expect(column).not.toContain(TENANT_KEY);
    const audit = await owner.client.json(`/api/orgs/${owner.orgSlug}/audit`);
    expect(JSON.stringify(audit.body)).toContain("agent_settings.updated");
    expect(JSON.stringify(audit.body)).not.toContain(TENANT_KEY);

    expect(
      (await put(owner, { ...base, name: "Renamed", model: { provider: "anthropic", model: "claude-test" } })).body.settings.providerKeySet,
    ).toBe(true);
    const cleared = await put(owner, { ...base, model: { provider: "anthropic", model: "claude-test" }, providerApiKey: "" });
    expect(cleared.body.settings).toMatchObject({ providerKeySet: false, usingDemoModel: true });
    expect(cleared.body.settings.notices.join(" ")).toMatch(/ANTHROPIC_API_KEY/);
  });

  it("runs use the tenant's model and key (not the demo model)", async () => {
    const owner = await createAccount(appBaseURL(), "keyed");
    await useAnthropicAt(owner, model.url, TENANT_KEY);
    const id = await createConversation(owner.client);
    const events = await say(owner.client, id, "hello");
    expect(events.find((e) => e.type === "model_response_complete")?.data.text).toBe("Hello from the fake model.");
    expect(model.lastRequest?.headers.authorization).toBe(`Bearer ${TENANT_KEY}`);
    expect(JSON.stringify(model.lastRequest?.body)).toContain("You are a test agent.");
    const snapshot = await owner.client.json<{ usingDemoModel: boolean }>(`/api/conversations/${id}`);
    expect(snapshot.body.usingDemoModel).toBe(false);
  });

  it("a run stops at the agent's request budget: one summary without tools, and the sentence", async () => {
    const owner = await createAccount(appBaseURL(), "budget");
    await useAnthropicAt(owner, model.url, TENANT_KEY);
    const { name, systemPrompt, model: modelConfig, enabledTools } = await settingsOf(owner);
    const saved = await put(owner, { name, systemPrompt, model: modelConfig, enabledTools, requestTokenBudget: 1000 });
    expect(saved.body.settings.requestTokenBudget).toBe(1000);
    const todos = [{ content: "Plan", activeForm: "Planning", status: "in_progress" }];
    model.enqueue(
      anthropicToolUse({ id: "toolu_budget", name: "glove_update_tasks", input: { todos } }, { usage: { input_tokens: 2000 } }),
    );
    const id = await createConversation(owner.client);
    const events = await say(owner.client, id, "plan it");
    expect(events.find((e) => e.type === "budget_exceeded")?.data).toMatchObject({ budget: 1000 });
    expect(model.lastRequest?.body).toMatchObject({ tool_choice: { type: "none" } });
    const reply = events.filter((e) => e.type === "model_response_complete").at(-1)?.data.text;
    expect(reply).toMatch(
      /^Hello from the fake model\.\n\nThis request stopped after using [\d,]+ effective tokens, over this agent's budget of 1,000\./,
    );
  });

  it("a disabled tool is not offered: the demo model says so instead of calling it", async () => {
    const owner = await createAccount(appBaseURL(), "notools");
    await put(owner, { ...base, enabledTools: BUILTIN.filter((name) => name !== "send_email") });
    const id = await createConversation(owner.client);
    const events = await say(owner.client, id, "send an email to ada@example.com about the launch");
    expect(events.map((e) => e.type)).not.toContain("tool_use");
    expect(events.find((e) => e.type === "model_response_complete")?.data.text).toContain("not switched on for this agent");
  });

  it("a tenant policy allows a gated tool without a card", async () => {
    const owner = await createAccount(appBaseURL(), "policy");
    await put(owner, { ...base, permissionPolicy: { send_email: "allow" } });
    const id = await createConversation(owner.client);
    const events = await say(owner.client, id, "send an email to ada@example.com about the launch");
    expect(events.map((e) => e.type)).not.toContain("slot_push");
    expect(events.find((e) => e.type === "permission_decided")?.data).toMatchObject({ allowed: true, by: "policy" });
    expect(events.at(-1)?.type).toBe("run_completed");
  });
});

describe("model base URLs on a server that does not allow private addresses", () => {
  let strict: AppServer;
  let client: HttpClient;
  let owner: TestAccount;

  beforeAll(async () => {
    strict = await startAppServer({ databaseUrl: appDatabaseUrl(), env: { ALLOW_PRIVATE_MODEL_URLS: "0" } });
    owner = await createAccount(appBaseURL(), "ssrf");
    client = new HttpClient(strict.baseURL);
    await client.signIn(owner.email, owner.password);
  });

  afterAll(async () => {
    await strict?.stop();
  });

  it.each([
    "http://127.0.0.1:8080",
    "http://169.254.169.254/latest",
    "http://10.0.0.7/v1",
    "http://[::1]:11434/v1",
    "http://localhost:11434/v1",
  ])("refuses %s", async (baseURL) => {
    const reply = await client.json<ErrorBody>(`/api/orgs/${owner.orgSlug}/agent`, {
      method: "PUT",
      json: { ...base, model: { provider: "openai-compatible", model: "llama3.2", baseURL } },
    });
    expect(reply.status).toBe(422);
    expect(reply.body.error.details?.issues?.[0]).toMatchObject({
      path: "model.baseURL",
      message: expect.stringMatching(/private, loopback or link-local/),
    });
  });

  it("shows, stops and deletes a conversation whose model URL became private; a refused card answer leaves the card pending", async () => {
    // The card is drawn while the demo model answers (the main server), then the URL turns private.
    const victim = await createAccount(appBaseURL(), "ssrf-later");
    const id = await createConversation(victim.client);
    const asked = await say(victim.client, id, "send an email to ada@example.com about the launch");
    const slotId: string = asked.find((event) => event.type === "slot_push")?.data.slot.id;
    expect(slotId).toBeTruthy();
    await useAnthropicAt(victim, model.url);
    const strictClient = new HttpClient(strict.baseURL);
    await strictClient.signIn(victim.email, victim.password);

    const snapshot = await strictClient.json<{ usingDemoModel: boolean; slots: { id: string; status: string }[] }>(
      `/api/conversations/${id}`,
    );
    expect(snapshot.status).toBe(200);
    expect(snapshot.body.usingDemoModel).toBe(false);
    expect(snapshot.body.slots.map((slot) => [slot.id, slot.status])).toEqual([[slotId, "pending"]]);

    const answer = await answerSlot(strictClient, slotId, "resolve", { value: { decision: "allow_once" } });
    expect(answer.status).toBe(422);
    expect((await answer.json()).error.code).toBe("model_url_refused");
    const after = await strictClient.json<{ slots: { id: string; status: string }[] }>(`/api/conversations/${id}`);
    expect(after.body.slots.map((slot) => slot.status)).toEqual(["pending"]);

    const aborted = await strictClient.json<{ status: string }>(`/api/conversations/${id}/abort`, { json: {} });
    expect(aborted.status).toBe(200);
    expect(aborted.body.status).toBe("aborted");
    const deleted = await strictClient.json<{ deleted: boolean }>(`/api/conversations/${id}`, { method: "DELETE" });
    expect(deleted).toMatchObject({ status: 200, body: { deleted: true } });
    expect((await strictClient.json(`/api/conversations/${id}`)).status).toBe(404);
  });

  it("and refuses to run a model whose stored URL became private", async () => {
    await useAnthropicAt(owner, model.url);
    const id = await createConversation(owner.client);
    const response = await postMessage(client, id, "hello");
    expect(response.status).toBe(422);
    expect((await response.json()).error.code).toBe("model_url_refused");
  });
});
