// MCP connectors end to end against the test MCP server in its own process: an admin adds one, its
// tools are listed with descriptions and schemas and enabled one by one (read-only tools without
// approval by default); refresh picks up a tool the server added; members see enabled tools and
// connect their own token (checked by the server, never shown again); shared tokens are sealed and
// never answered back or audited; bad input is refused with what to fix; members get 403 on admin routes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appBaseURL } from "../support/env";
import type { TestAccount } from "../support/http-client";
import { sql } from "../support/sql";
import { teamOf } from "../support/teams";
import { startMcpFixture, type McpFixture } from "@/tests/support/mcp-fixture/start";

type ErrorBody = { error: { code: string; message: string; details?: { issues?: { path: string }[] } } };
type Tool = {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
  read_only: boolean;
  enabled: boolean;
  requires_permission: boolean;
};
type Connector = {
  id: string;
  name: string;
  auth_mode: string;
  has_shared_token: boolean;
  connected: boolean;
  tools: Tool[];
  tools_fetched_at: string | null;
  last_ok_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
};

const SHARED_TOKEN = "shared-secret-token-0123456789";
const ADA_TOKEN = "ada-personal-token-0123456789";
let team: Awaited<ReturnType<typeof teamOf>>;
let mcp: McpFixture;

beforeAll(async () => {
  team = await teamOf(appBaseURL());
  mcp = await startMcpFixture({ tokens: { [SHARED_TOKEN]: "team", [ADA_TOKEN]: "ada" } });
});
afterAll(() => mcp.stop());

const base = () => `/api/orgs/${team.slug}/connectors`;
const add = (account: TestAccount, json: Record<string, unknown>) =>
  account.client.json<{ connector: Connector } & ErrorBody>(base(), { json });
const setTool = (account: TestAccount, id: string, tool: string, json: Record<string, unknown>) =>
  account.client.json<{ connector: Connector } & ErrorBody>(`${base()}/${id}/tools/${tool}`, { method: "PATCH", json });
const everything = async () =>
  JSON.stringify([
    (await team.owner.client.json(base())).body,
    (await team.owner.client.json(`/api/orgs/${team.slug}/audit`)).body,
    await sql(`SELECT action, target, metadata FROM "AuditLog" WHERE "organizationId" = (SELECT id FROM "Organization" WHERE slug = $1)`, [
      team.slug,
    ]),
  ]);

describe("an admin adds a connector and enables its tools", () => {
  it("lists the server's tools with description, schema and read-only hint; enabling keeps the approval default", async () => {
    const created = await add(team.admin, { name: "crm", title: "Acme CRM", url: mcp.url });
    expect(created.status).toBe(201);
    const { connector } = created.body;
    expect(connector).toMatchObject({ name: "crm", auth_mode: "none", last_error: null });
    expect(connector.tools_fetched_at).not.toBeNull();
    expect(connector.tools.map((tool) => tool.name)).toEqual(["lookup_customer", "create_ticket", "whoami", "slow_report", "export_all"]);
    expect(connector.tools[0]).toMatchObject({
      description: "Looks a customer up by email.",
      read_only: true,
      enabled: false,
      input_schema: { type: "object", required: ["email"] },
    });

    const lookup = await setTool(team.admin, connector.id, "lookup_customer", { enabled: true });
    expect(lookup.body.connector.tools.find((tool) => tool.name === "lookup_customer")).toMatchObject({
      enabled: true,
      requires_permission: false,
    });
    const ticket = await setTool(team.admin, connector.id, "create_ticket", { enabled: true });
    expect(ticket.body.connector.tools.find((tool) => tool.name === "create_ticket")).toMatchObject({
      enabled: true,
      requires_permission: true,
    });
    const unknown = await setTool(team.admin, connector.id, "no_such_tool", { enabled: true });
    expect(unknown.status).toBe(404);

    // Members see the enabled tools only, and no switches to change them.
    const asMember = await team.member.client.json<{ connectors: Connector[] }>(base());
    const seen = asMember.body.connectors.find((entry) => entry.id === connector.id)!;
    expect(seen.tools.map((tool) => tool.name).sort()).toEqual(["create_ticket", "lookup_customer"]);
    expect((await setTool(team.member, connector.id, "create_ticket", { requires_permission: false })).status).toBe(403);

    const actions = await sql<{ action: string }>(
      `SELECT action FROM "AuditLog" WHERE metadata->>'connectorId' = $1 ORDER BY "createdAt"`,
      [connector.id],
    );
    expect(actions.map((row) => row.action)).toEqual(["connector.created", "connector.tool_enabled", "connector.tool_enabled"]);
  });

  it("refresh fetches a tool the server added since", async () => {
    const { body } = await add(team.admin, { name: "crm_refresh", title: "CRM", url: mcp.url });
    await mcp.post("/control/tools", { name: "late_tool", description: "Added after the connector." });
    expect(body.connector.tools.map((tool) => tool.name)).not.toContain("late_tool");
    const refreshed = await team.admin.client.json<{ connector: Connector; refresh: { ok: boolean } }>(
      `${base()}/${body.connector.id}/refresh`,
      {
        method: "POST",
      },
    );
    expect(refreshed.body.refresh).toEqual({ ok: true, message: null });
    expect(refreshed.body.connector.tools.find((tool) => tool.name === "late_tool")).toMatchObject({
      description: "Added after the connector.",
    });
  });

  it("a server that is down is added with its error as health, and refresh says why", async () => {
    const created = await add(team.admin, { name: "down", title: "Down", url: "http://127.0.0.1:9/mcp" });
    expect(created.status).toBe(201);
    expect(created.body.connector).toMatchObject({ tools: [], last_ok_at: null, last_error: expect.stringMatching(/ECONNREFUSED/) });
    expect(created.body.connector.last_error_at).not.toBeNull();
    const refreshed = await team.admin.client.json<{ refresh: { ok: boolean; message: string } }>(
      `${base()}/${created.body.connector.id}/refresh`,
      {
        method: "POST",
      },
    );
    expect(refreshed.body.refresh).toEqual({ ok: false, message: expect.stringMatching(/Could not reach the server/) });
  });
});

describe("tokens", () => {
  it("a shared token is sealed, used for listing, and never in a response or the audit", async () => {
    const created = await add(team.admin, {
      name: "shared",
      title: "Shared",
      url: mcp.url,
      auth_mode: "shared",
      shared_token: SHARED_TOKEN,
    });
    expect(created.status).toBe(201);
    expect(created.body.connector).toMatchObject({ has_shared_token: true, last_error: null });
    expect(JSON.stringify(created.body)).not.toContain(SHARED_TOKEN);
    const [row] = await sql<{ sharedTokenSealed: string }>(`SELECT "sharedTokenSealed" FROM "Connector" WHERE id = $1`, [
      created.body.connector.id,
    ]);
    expect(row.sharedTokenSealed).toMatch(/^v1\./);
    expect(row.sharedTokenSealed).not.toContain(SHARED_TOKEN);

    // A wrong shared token: the server refuses the listing, and the health says so.
    const patched = await team.admin.client.json<{ connector: Connector }>(`${base()}/${created.body.connector.id}`, {
      method: "PATCH",
      json: { shared_token: "wrong-token" },
    });
    expect(patched.status).toBe(200);
    const refreshed = await team.admin.client.json<{ refresh: { ok: boolean; message: string } }>(
      `${base()}/${created.body.connector.id}/refresh`,
      {
        method: "POST",
      },
    );
    expect(refreshed.body.refresh).toMatchObject({ ok: false, message: expect.stringMatching(/refused the credential/) });
    expect(await everything()).not.toContain(SHARED_TOKEN);
    expect(await everything()).not.toContain("wrong-token");
  });

  it("a person connects their own token to a per-person connector: checked by the server, never shown, and can disconnect", async () => {
    const { body } = await add(team.admin, { name: "personal", title: "Personal CRM", url: mcp.url, auth_mode: "per_person" });
    const id = body.connector.id;
    expect(body.connector.connected).toBe(false);

    const refused = await team.member.client.json<ErrorBody>(`${base()}/${id}/credential`, {
      method: "PUT",
      json: { token: "not-a-known-token" },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: "token_refused", message: expect.stringMatching(/Personal CRM refused this token/) });
    expect(await sql(`SELECT 1 FROM "ConnectorCredential" WHERE "connectorId" = $1`, [id])).toEqual([]);
    // One person's check is theirs alone: the organization's tool list and the connector's health are untouched.
    const [state] = await sql<{ lastError: string | null; toolsFetchedAt: Date | null }>(
      `SELECT "lastError", "toolsFetchedAt" FROM "Connector" WHERE "id" = $1`,
      [id],
    );
    expect(state.lastError).toBe(body.connector.last_error);

    const connected = await team.member.client.json<{ connector: Connector }>(`${base()}/${id}/credential`, {
      method: "PUT",
      json: { token: ADA_TOKEN },
    });
    expect(connected.status).toBe(200);
    expect(connected.body.connector.connected).toBe(true);
    expect(connected.body.connector.last_error).toBe(body.connector.last_error);
    const [after] = await sql<{ toolsFetchedAt: Date | null }>(`SELECT "toolsFetchedAt" FROM "Connector" WHERE "id" = $1`, [id]);
    expect(after.toolsFetchedAt?.getTime()).toBe(state.toolsFetchedAt?.getTime());
    // Connected is the person's own state: the admin has not connected.
    const asAdmin = await team.admin.client.json<{ connector: Connector }>(`${base()}/${id}`);
    expect(asAdmin.body.connector.connected).toBe(false);
    const [row] = await sql<{ tokenSealed: string }>(`SELECT "tokenSealed" FROM "ConnectorCredential" WHERE "connectorId" = $1`, [id]);
    expect(row.tokenSealed).toMatch(/^v1\./);
    expect(await everything()).not.toContain(ADA_TOKEN);
    expect(JSON.stringify(connected.body)).not.toContain(ADA_TOKEN);

    const disconnected = await team.member.client.request(`${base()}/${id}/credential`, { method: "DELETE" });
    expect(disconnected.status).toBe(204);
    expect((await team.member.client.json<{ connector: Connector }>(`${base()}/${id}`)).body.connector.connected).toBe(false);
    const actions = await sql<{ action: string }>(
      `SELECT action FROM "AuditLog" WHERE metadata->>'connectorId' = $1 ORDER BY "createdAt"`,
      [id],
    );
    expect(actions.map((entry) => entry.action)).toEqual(["connector.created", "connector.credential_set", "connector.credential_removed"]);
  });

  it("a connector without personal tokens has nothing to connect", async () => {
    const { body } = await add(team.admin, { name: "no_personal", title: "Open", url: mcp.url });
    const answer = await team.member.client.json<ErrorBody>(`${base()}/${body.connector.id}/credential`, {
      method: "PUT",
      json: { token: ADA_TOKEN },
    });
    expect(answer.status).toBe(409);
  });
});

describe("bad input and roles", () => {
  it("refuses what is wrong with what to fix", async () => {
    const ftp = await add(team.admin, { name: "ftp", title: "FTP", url: "ftp://example.com/mcp" });
    expect(ftp.status).toBe(422);
    expect(ftp.body.error).toMatchObject({ code: "url_refused", message: expect.stringMatching(/not an http or https URL/) });
    const credentials = await add(team.admin, { name: "creds", title: "Creds", url: "https://user:pass@example.com/mcp" });
    expect(credentials.body.error).toMatchObject({ code: "url_refused", message: expect.stringMatching(/user name or password/) });
    const badName = await add(team.admin, { name: "Bad-Name", title: "Bad", url: mcp.url });
    expect(badName.status).toBe(422);
    expect(badName.body.error.details?.issues).toEqual([expect.objectContaining({ path: "name" })]);
    const doubled = await add(team.admin, { name: "a__b", title: "Doubled", url: mcp.url });
    expect(doubled.body.error.message).toMatch(/two underscores/);
    const noToken = await add(team.admin, { name: "notoken", title: "No token", url: mcp.url, auth_mode: "shared" });
    expect(noToken.body.error.details?.issues).toEqual([expect.objectContaining({ path: "shared_token" })]);
    const slow = await add(team.admin, { name: "slowpoke", title: "Slow", url: mcp.url, timeout_ms: 120_000 });
    expect(slow.body.error.details?.issues).toEqual([expect.objectContaining({ path: "timeout_ms" })]);

    const keyInUrl = await add(team.admin, { name: "keyed", title: "Keyed", url: `${mcp.url}?api_key=s3cret` });
    expect(keyInUrl.body.error.details?.issues).toEqual([
      expect.objectContaining({ path: "url", message: expect.stringMatching(/query string/) }),
    ]);

    const first = await add(team.admin, { name: "twice", title: "Twice", url: mcp.url });
    // Moving a connector to another server would hand it people's tokens and tools enabled without a card.
    const moved = await team.admin.client.json<ErrorBody>(`${base()}/${first.body.connector.id}`, {
      method: "PATCH",
      json: { url: "https://elsewhere.example/mcp" },
    });
    expect(moved.status).toBe(422);
    expect(moved.body.error.details?.issues).toEqual([
      expect.objectContaining({ path: "url", message: expect.stringMatching(/URL cannot be changed/) }),
    ]);
    const again = await add(team.admin, { name: "twice", title: "Twice again", url: mcp.url });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/already has a connector named twice/);
  });

  it("members get 403 on every admin route, and can read", async () => {
    const { body } = await add(team.admin, { name: "roles", title: "Roles", url: mcp.url });
    const id = body.connector.id;
    const adminRoutes: [string, string, unknown?][] = [
      ["POST", base(), { name: "member_made", title: "Member", url: mcp.url }],
      ["PATCH", `${base()}/${id}`, { title: "Taken" }],
      ["DELETE", `${base()}/${id}`],
      ["POST", `${base()}/${id}/refresh`],
      ["PATCH", `${base()}/${id}/tools/lookup_customer`, { enabled: true }],
    ];
    for (const [method, path, json] of adminRoutes) {
      expect((await team.member.client.json(path, { method, json })).status, `${method} ${path}`).toBe(403);
    }
    expect((await team.member.client.json(`${base()}/${id}`)).status).toBe(200);
    expect(
      (await team.admin.client.json<{ connector: Connector }>(`${base()}/${id}`)).body.connector.tools.every((tool) => !tool.enabled),
    ).toBe(true);

    const deleted = await team.admin.client.request(`${base()}/${id}`, { method: "DELETE" });
    expect(deleted.status).toBe(204);
    expect((await team.admin.client.json(`${base()}/${id}`)).status).toBe(404);
  });
});
