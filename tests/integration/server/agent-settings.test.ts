// Agent settings and the demo mailbox on real Postgres: the key sealed per tenant, defaults, idempotent delivery.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { listDemoEmails, recordDemoEmail } from "@/lib/db/demo-mailbox";
import type { TenantContext } from "@/lib/db/tenant-context";
import { agentSettingsInputSchema } from "@/lib/schemas/agent-settings";
import { loadAgentSettings, updateAgentSettings } from "@/lib/server/agent/settings";
import { query, testDatabaseUrl } from "@/tests/integration/support/databases";
import { createTenant, openNewConversationStore } from "@/tests/integration/store/support";

let tenant: TenantContext;
let other: TenantContext;

beforeAll(async () => {
  vi.stubEnv("ENCRYPTION_KEY", "integration-test-key");
  [tenant, other] = await Promise.all([createTenant("settings"), createTenant("other")]);
});

const input = (extra: Record<string, unknown> = {}) =>
  agentSettingsInputSchema.parse({ enabledTools: ["send_email"], model: { provider: "anthropic", model: "claude-test" }, ...extra });

describe("agent settings", () => {
  it("defaults until saved; the saved key opens for its tenant only", async () => {
    expect(await loadAgentSettings(tenant)).toMatchObject({ model: { provider: "demo" }, providerKey: null, notices: [] });
    await updateAgentSettings(tenant, input({ providerApiKey: " sk-one " }));
    expect(await loadAgentSettings(tenant)).toMatchObject({
      model: { provider: "anthropic", model: "claude-test" },
      providerKey: "sk-one",
      enabledTools: ["send_email"],
    });

    // A sealed key copied into another tenant's row does not open there.
    await updateAgentSettings(other, input());
    await query(
      testDatabaseUrl(),
      `UPDATE "AgentSettings" SET "providerKeyEncrypted" = (SELECT "providerKeyEncrypted" FROM "AgentSettings" WHERE "organizationId" = $1) WHERE "organizationId" = $2`,
      [tenant.organizationId, other.organizationId],
    );
    const stolen = await loadAgentSettings(other);
    expect(stolen.providerKey).toBeNull();
    expect(stolen.notices.join(" ")).toMatch(/could not be decrypted/);
  });

  it("a changed server key leaves the stored key unreadable, with a notice instead of a crash", async () => {
    await updateAgentSettings(tenant, input({ providerApiKey: "sk-two" }));
    vi.stubEnv("ENCRYPTION_KEY", "rotated-without-migration");
    const settings = await loadAgentSettings(tenant);
    expect(settings.providerKey).toBeNull();
    expect(settings.notices[0]).toMatch(/Set the secret again/);
    vi.stubEnv("ENCRYPTION_KEY", "integration-test-key");
  });
});

describe("the light model's settings", () => {
  it("holds no key of its own and its base URL is vetted like the others'", async () => {
    const light = (extra: Record<string, unknown>) =>
      updateAgentSettings(
        tenant,
        input({ model: { provider: "anthropic", model: "claude-test", light: { provider: "openai", model: "gpt-4o-mini", ...extra } } }),
      );
    const issues = (error: unknown) =>
      ((error as { details?: { issues?: { path: string }[] } }).details?.issues ?? []).map((issue) => issue.path);

    expect(issues(await light({ apiKey: "sk-light" }).catch((error: unknown) => error))).toEqual(["model.light.apiKey"]);
    expect(issues(await light({ baseURL: "http://127.0.0.1:9/v1" }).catch((error: unknown) => error))).toEqual(["model.light.baseURL"]);

    await light({});
    expect((await loadAgentSettings(tenant)).model.light).toEqual({ provider: "openai", model: "gpt-4o-mini" });
  });
});

describe("demo mailbox", () => {
  it("one row per tool call, whatever the number of attempts", async () => {
    const { conversation } = await openNewConversationStore(tenant);
    const email = { conversationId: conversation.id, toolCallId: "call-1", to: "ada@example.com", subject: "Hi", body: "Hello" };
    const [first, second] = await Promise.all([recordDemoEmail(tenant, email), recordDemoEmail(tenant, { ...email, subject: "Changed" })]);
    expect(second.id).toBe(first.id);
    expect(await listDemoEmails(tenant, conversation.id)).toEqual([
      expect.objectContaining({ toolCallId: "call-1", subject: expect.any(String) }),
    ]);
    expect(await listDemoEmails(other, conversation.id)).toEqual([]);
  });
});
