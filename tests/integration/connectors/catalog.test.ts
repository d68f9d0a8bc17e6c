// The connector catalog against the test MCP server in its own process: tool lists cached and
// refreshed (on demand and when the server announces a change), enabled tools offered, per-person
// tokens (whoami answers with that person; none or expired → auth_required), a down server and a
// slow tool as outcomes, and the connector's health.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createConnector,
  deleteConnector,
  findConnector,
  setConnectorTool,
  setCredential,
  type ConnectorFields,
  type ConnectorRow,
} from "@/lib/db/connectors";
import { removeMember } from "@/lib/db/members";
import type { TenantContext } from "@/lib/db/tenant-context";
import { openConnectorCatalog } from "@/lib/server/connectors/catalog";
import type { McpCallOptions } from "@/lib/server/connectors/contract";
import { refreshToolList } from "@/lib/server/connectors/refresh";
import { cachedTools } from "@/lib/server/connectors/tool-cache";
import { sealPersonToken, sealSharedToken } from "@/lib/server/connectors/tokens";
import { parseEnv } from "@/lib/server/env";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { createTenant, openNewConversationStore } from "@/tests/integration/store/support";
import { eventually } from "@/tests/support/eventually";
import { startMcpFixture, type McpFixture } from "@/tests/support/mcp-fixture/start";

process.env.ENCRYPTION_KEY ??= "connectors-integration-key";

const settings = { env: parseEnv({ OUTBOUND_ALLOW_PRIVATE: "1" }) };
let fixture: McpFixture;

beforeAll(async () => {
  fixture = await startMcpFixture({ tokens: { "ada-token": "ada", "bob-token": "bob" }, slowMs: 2_000 });
});
afterAll(() => fixture.stop());

async function connectorOf(tenant: TenantContext, fields: Partial<ConnectorFields> = {}, sharedToken?: string): Promise<ConnectorRow> {
  const row = await createConnector(
    tenant,
    { name: "crm", title: "Acme CRM", url: fixture.url, authMode: "none", timeoutMs: 5_000, maxResultChars: 20_000, ...fields },
    sharedToken ? sealSharedToken(tenant.organizationId, sharedToken) : null,
  );
  if (row === "name_taken") throw new Error("name taken");
  return row;
}

/**
 * A run of `userId` in a new conversation of the tenant: whose credential a per-person call uses. With
 * `answeredBy`, the call has a card another person answered (approved the call, or reconnected).
 */
async function runOf(tenant: TenantContext, userId: string, answeredBy?: string): Promise<McpCallOptions> {
  const { store } = await openNewConversationStore(tenant);
  const runId = `run-${Math.random().toString(36).slice(2)}`;
  const callId = `call-${runId}`;
  const now = new Date().toISOString();
  await store.createRun({ id: runId, status: "running", created_at: now, started_by: userId });
  if (answeredBy) {
    const card = await store.createSlot({
      id: `slot-${runId}`,
      run_id: runId,
      call_id: callId,
      index: 0,
      kind: "wait",
      tool_name: "crm__whoami",
      renderer: "permission_request",
      props: { tool_name: "crm__whoami", input: {}, input_editable: false },
      display_strategy: "stay",
      status: "pending",
      created_at: now,
      expires_at: null,
      settled_at: null,
    });
    await store.settleSlot(card.id, {
      status: "resolved",
      value: { decision: "allow_once" },
      settled_at: now,
      answered_by: { user_id: answeredBy, name: "Approver" },
    });
  }
  return { signal: new AbortController().signal, callId, runId };
}

async function memberOf(tenant: TenantContext, name: string): Promise<string> {
  const prisma = getTestPrisma();
  const user = await prisma.user.create({ data: { email: `${name}-${Math.random().toString(36).slice(2)}@example.test`, name } });
  await prisma.membership.create({ data: { organizationId: tenant.organizationId, userId: user.id, role: "member" } });
  return user.id;
}

describe("tool lists", () => {
  it("are fetched and cached with descriptions, schemas and read-only hints; enabled tools are offered with their defaults", async () => {
    const tenant = await createTenant("catalog");
    const connector = await connectorOf(tenant);
    const listed = await refreshToolList(tenant, connector, null, settings);
    expect(listed.kind).toBe("ok");
    const cached = cachedTools((await findConnector(tenant, connector.id))!.toolsCache);
    expect(cached.map((tool) => tool.name)).toEqual(["lookup_customer", "create_ticket", "whoami", "slow_report", "export_all"]);
    expect(cached[0]).toMatchObject({
      description: "Looks a customer up by email.",
      readOnlyHint: true,
      inputSchema: { type: "object", properties: { email: { type: "string" } }, required: ["email"] },
    });

    for (const name of ["lookup_customer", "create_ticket"]) {
      await setConnectorTool(
        tenant,
        connector.id,
        cached.find((tool) => tool.name === name)!,
        { enabled: true },
      );
    }
    const catalog = openConnectorCatalog(tenant, settings);
    const offered = await catalog.enabledTools();
    expect(offered.map((entry) => [entry.connectorName, entry.tool.name, entry.requiresPermission])).toEqual([
      ["crm", "create_ticket", true],
      ["crm", "lookup_customer", false],
    ]);
    expect(offered[0]).toMatchObject({ connectorTitle: "Acme CRM", authMode: "none", maxResultChars: 20_000 });

    const answer = await catalog.callTool(
      connector.id,
      "lookup_customer",
      { email: "ada@example.com" },
      await runOf(tenant, tenant.userId),
    );
    expect(answer).toEqual({ kind: "ok", text: "Customer ada@example.com: Ada Lovelace, plan Pro", isError: false });
    const health = (await findConnector(tenant, connector.id))!;
    expect(health.lastOkAt).not.toBeNull();
    expect(health.lastError).toBeNull();
  });

  it("a tool that is not enabled is not called", async () => {
    const tenant = await createTenant("disabled");
    const connector = await connectorOf(tenant);
    const before = (await fixture.calls()).length;
    const answer = await openConnectorCatalog(tenant, settings).callTool(
      connector.id,
      "create_ticket",
      { subject: "x" },
      await runOf(tenant, tenant.userId),
    );
    expect(answer).toMatchObject({ kind: "unavailable", message: expect.stringMatching(/not enabled/) });
    expect((await fixture.calls()).length).toBe(before);
  });

  it("are refreshed when the server announces a change during a session", async () => {
    const tenant = await createTenant("changed");
    const connector = await connectorOf(tenant);
    await refreshToolList(tenant, connector, null, settings);
    const slow = cachedTools((await findConnector(tenant, connector.id))!.toolsCache).find((tool) => tool.name === "slow_report")!;
    await setConnectorTool(tenant, connector.id, slow, { enabled: true });
    // The call's session is open while the report runs: the new tool is announced to it.
    const call = openConnectorCatalog(tenant, settings).callTool(connector.id, "slow_report", {}, await runOf(tenant, tenant.userId));
    await eventually(async () => (await fixture.calls()).some((entry) => entry.tool === "slow_report"));
    await fixture.post("/control/tools", { name: "fresh_tool", description: "Announced later." });
    expect(await call).toMatchObject({ kind: "ok", text: "The slow report" });
    await eventually(async () =>
      cachedTools((await findConnector(tenant, connector.id))!.toolsCache).some((tool) => tool.name === "fresh_tool"),
    );
  });
});

describe("credentials", () => {
  it("a per-person connector calls with the token of the person whose action made the call run", async () => {
    const tenant = await createTenant("perperson");
    const connector = await connectorOf(tenant, { authMode: "per_person" });
    await setConnectorTool(tenant, connector.id, { name: "whoami", readOnlyHint: false }, { enabled: true });
    const bob = await memberOf(tenant, "bob");
    await setCredential(tenant, connector.id, sealPersonToken(tenant.organizationId, connector.id, tenant.userId, "ada-token"));
    await setCredential(
      { ...tenant, userId: bob, role: "member" },
      connector.id,
      sealPersonToken(tenant.organizationId, connector.id, bob, "bob-token"),
    );
    const catalog = openConnectorCatalog(tenant, settings);

    expect(await catalog.callTool(connector.id, "whoami", {}, await runOf(tenant, tenant.userId))).toMatchObject({
      kind: "ok",
      text: "You are ada",
    });
    expect(await catalog.callTool(connector.id, "whoami", {}, await runOf(tenant, bob))).toMatchObject({ kind: "ok", text: "You are bob" });

    // Someone without a token: auth_required, and the server is not asked.
    const carol = await memberOf(tenant, "carol");
    const before = (await fixture.calls()).length;
    expect(await catalog.callTool(connector.id, "whoami", {}, await runOf(tenant, carol))).toMatchObject({
      kind: "auth_required",
      message: expect.stringMatching(/Connect your Acme CRM account/),
    });
    expect((await fixture.calls()).length).toBe(before);

    // Bob approves Ada's call: it runs on Bob's account, never on Ada's.
    expect(await catalog.callTool(connector.id, "whoami", {}, await runOf(tenant, tenant.userId, bob))).toMatchObject({
      kind: "ok",
      text: "You are bob",
    });
    // Carol (no token) approves Ada's call: Ada's token is not lent to her.
    expect(await catalog.callTool(connector.id, "whoami", {}, await runOf(tenant, tenant.userId, carol))).toMatchObject({
      kind: "auth_required",
    });

    await fixture.post("/control/expire", { token: "bob-token" });
    expect(await catalog.callTool(connector.id, "whoami", {}, await runOf(tenant, bob))).toMatchObject({
      kind: "auth_required",
      message: expect.stringMatching(/refused the credential/),
    });
  });

  it("a removed member's tokens go with the membership: their suspended runs cannot act on their account", async () => {
    const tenant = await createTenant("removed");
    const connector = await connectorOf(tenant, { authMode: "per_person" });
    await setConnectorTool(tenant, connector.id, { name: "whoami", readOnlyHint: false }, { enabled: true });
    const bob = await memberOf(tenant, "bob");
    await setCredential(
      { ...tenant, userId: bob, role: "member" },
      connector.id,
      sealPersonToken(tenant.organizationId, connector.id, bob, "bob-token"),
    );
    const bobsRun = await runOf(tenant, bob);
    await removeMember(tenant, bob);
    expect(await openConnectorCatalog(tenant, settings).callTool(connector.id, "whoami", {}, bobsRun)).toMatchObject({
      kind: "auth_required",
    });
  });

  it("a shared connector sends the admin's token", async () => {
    const tenant = await createTenant("shared");
    const connector = await connectorOf(tenant, { authMode: "shared" }, "ada-token");
    await setConnectorTool(tenant, connector.id, { name: "whoami", readOnlyHint: false }, { enabled: true });
    const other = await memberOf(tenant, "other");
    expect(await openConnectorCatalog(tenant, settings).callTool(connector.id, "whoami", {}, await runOf(tenant, other))).toMatchObject({
      kind: "ok",
      text: "You are ada",
    });
  });
});

describe("deleting a connector", () => {
  it("deletes its enabled tools, everyone's tokens and the grants of its tools with it", async () => {
    const tenant = await createTenant("deleted");
    const connector = await connectorOf(tenant, { authMode: "per_person" });
    await setConnectorTool(tenant, connector.id, { name: "whoami", readOnlyHint: false }, { enabled: true });
    await setCredential(tenant, connector.id, sealPersonToken(tenant.organizationId, connector.id, tenant.userId, "ada-token"));
    const prisma = getTestPrisma();
    // A connector added later under the same name must not inherit an "always allow".
    for (const toolName of ["crm__whoami", "crmx__whoami"])
      await prisma.toolPermission.create({
        data: { organizationId: tenant.organizationId, toolName, inputKey: "", userId: "", status: "granted" },
      });
    expect(await prisma.connectorTool.count({ where: { connectorId: connector.id } })).toBe(1);
    expect(await deleteConnector(tenant, connector.id)).toBe(true);
    expect(await prisma.connectorTool.count({ where: { connectorId: connector.id } })).toBe(0);
    expect(await prisma.connectorCredential.count({ where: { connectorId: connector.id } })).toBe(0);
    const grants = await prisma.toolPermission.findMany({ where: { organizationId: tenant.organizationId }, select: { toolName: true } });
    expect(grants.map((grant) => grant.toolName)).toEqual(["crmx__whoami"]);
    // Another organization's connector is not found, and not deleted.
    const other = await createTenant("other");
    const kept = await connectorOf(other);
    expect(await deleteConnector(tenant, kept.id)).toBe(false);
    expect(await findConnector(other, kept.id)).not.toBeNull();
  });
});

describe("failures are outcomes, and the connector's health shows them", () => {
  it("a URL that is not an MCP endpoint is unavailable", async () => {
    const tenant = await createTenant("notmcp");
    const connector = await connectorOf(tenant, { url: `${fixture.control}/control/health` });
    await setConnectorTool(tenant, connector.id, { name: "lookup_customer", readOnlyHint: true }, { enabled: true });
    const answer = await openConnectorCatalog(tenant, settings).callTool(
      connector.id,
      "lookup_customer",
      {},
      await runOf(tenant, tenant.userId),
    );
    expect(answer).toMatchObject({ kind: "unavailable", message: expect.stringMatching(/not answer as an MCP server/) });
  });

  it("a slow tool times out after the connector's timeout", async () => {
    const tenant = await createTenant("slow");
    const connector = await connectorOf(tenant, { timeoutMs: 500 });
    await setConnectorTool(tenant, connector.id, { name: "slow_report", readOnlyHint: false }, { enabled: true });
    const answer = await openConnectorCatalog(tenant, settings).callTool(
      connector.id,
      "slow_report",
      {},
      await runOf(tenant, tenant.userId),
    );
    expect(answer).toMatchObject({ kind: "timeout" });
    expect((answer as { afterMs: number }).afterMs).toBeGreaterThanOrEqual(500);
    expect((await findConnector(tenant, connector.id))!.lastError).toMatch(/No answer within \d+ ms/);
  });

  it("a huge result comes back whole to the catalog (the agent's tool cuts it to maxResultChars)", async () => {
    const tenant = await createTenant("huge");
    const connector = await connectorOf(tenant);
    await setConnectorTool(tenant, connector.id, { name: "export_all", readOnlyHint: true }, { enabled: true });
    const answer = await openConnectorCatalog(tenant, settings).callTool(
      connector.id,
      "export_all",
      {},
      await runOf(tenant, tenant.userId),
    );
    expect(answer.kind === "ok" && answer.text.length).toBeGreaterThan(1_000_000);
  });

  it("a server that is down is unavailable, and the error is recorded with its time", async () => {
    const tenant = await createTenant("down");
    const down = await startMcpFixture();
    const connector = await connectorOf(tenant, { url: down.url });
    await setConnectorTool(tenant, connector.id, { name: "lookup_customer", readOnlyHint: true }, { enabled: true });
    await down.stop();
    const answer = await openConnectorCatalog(tenant, settings).callTool(
      connector.id,
      "lookup_customer",
      { email: "a@b.c" },
      await runOf(tenant, tenant.userId),
    );
    expect(answer).toMatchObject({ kind: "unavailable", message: expect.stringMatching(/Could not reach the server \(ECONNREFUSED\)/) });
    const health = (await findConnector(tenant, connector.id))!;
    expect(health.lastError).toMatch(/ECONNREFUSED/);
    expect(health.lastErrorAt).not.toBeNull();
  });

  it("a loopback server is refused by the guard without the operator's flag", async () => {
    const tenant = await createTenant("guard");
    const connector = await connectorOf(tenant);
    await setConnectorTool(tenant, connector.id, { name: "lookup_customer", readOnlyHint: true }, { enabled: true });
    const before = (await fixture.calls()).length;
    const answer = await openConnectorCatalog(tenant, { env: parseEnv({ OUTBOUND_ALLOW_PRIVATE: "0" }) }).callTool(
      connector.id,
      "lookup_customer",
      { email: "a@b.c" },
      await runOf(tenant, tenant.userId),
    );
    expect(answer).toMatchObject({ kind: "unavailable", message: expect.stringMatching(/loopback.*OUTBOUND_ALLOW_PRIVATE=1/) });
    expect((await fixture.calls()).length).toBe(before);
  });
});
