// A person's OAuth sign-in to a per-person connector against the test MCP server's authorization
// server (tests/support/mcp-fixture/server.ts): start → follow the authorization URL with plain fetch
// → callback → whoami answers with that person; a bad, expired or another person's state is a 400;
// the tokens are sealed and never in the audit; an expired access token is refreshed once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConnector, findConnector, setConnectorTool, type ConnectorRow } from "@/lib/db/connectors";
import type { TenantContext } from "@/lib/db/tenant-context";
import { openConnectorCatalog } from "@/lib/server/connectors/catalog";
import { completeSignIn, OAUTH_STATE_TTL_MS, startSignIn } from "@/lib/server/connectors/oauth";
import { openPersonToken } from "@/lib/server/connectors/tokens";
import { parseEnv } from "@/lib/server/env";
import { AppError } from "@/lib/server/http/app-error";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { createTenant, openNewConversationStore } from "@/tests/integration/store/support";
import { startMcpFixture, type McpFixture } from "@/tests/support/mcp-fixture/start";

process.env.ENCRYPTION_KEY ??= "connectors-integration-key";

const settings = { env: parseEnv({ OUTBOUND_ALLOW_PRIVATE: "1" }) };
const REDIRECT = "https://handoff.example/api/connectors/oauth/callback";
let fixture: McpFixture;

beforeAll(async () => {
  fixture = await startMcpFixture();
});
afterAll(() => fixture.stop());

async function perPersonConnector(tenant: TenantContext): Promise<ConnectorRow> {
  const row = await createConnector(
    tenant,
    { name: "crm", title: "Acme CRM", url: fixture.url, authMode: "per_person", timeoutMs: 5_000, maxResultChars: 20_000 },
    null,
  );
  if (row === "name_taken") throw new Error("name taken");
  await setConnectorTool(tenant, row.id, { name: "whoami", readOnlyHint: false }, { enabled: true });
  return (await findConnector(tenant, row.id))!;
}

async function memberOf(tenant: TenantContext, name: string): Promise<TenantContext> {
  const prisma = getTestPrisma();
  const user = await prisma.user.create({ data: { email: `${name}-${Math.random().toString(36).slice(2)}@example.test`, name } });
  await prisma.membership.create({ data: { organizationId: tenant.organizationId, userId: user.id, role: "member" } });
  return { ...tenant, userId: user.id, role: "member" };
}

/** Follows the authorization URL as the fixture's person `as` (it approves at once); the callback's query. */
async function authorize(authorizationUrl: string, as: string): Promise<{ code: string; state: string }> {
  const url = new URL(authorizationUrl);
  url.searchParams.set("as", as);
  const response = await fetch(url, { redirect: "manual" });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get("location")!);
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
  return { code: back.searchParams.get("code")!, state: back.searchParams.get("state")! };
}

async function runOf(tenant: TenantContext, userId: string) {
  const { store } = await openNewConversationStore(tenant);
  const runId = `run-${Math.random().toString(36).slice(2)}`;
  await store.createRun({ id: runId, status: "running", created_at: new Date().toISOString(), started_by: userId });
  return { signal: new AbortController().signal, callId: `call-${runId}`, runId };
}

async function signIn(ctx: TenantContext, row: ConnectorRow, as: string, returnTo: string | null = null) {
  const authorizationUrl = await startSignIn(ctx, (await findConnector(ctx, row.id))!, { redirectUri: REDIRECT, returnTo }, settings);
  const { code, state } = await authorize(authorizationUrl, as);
  return completeSignIn(ctx.userId, { state, code, redirectUri: REDIRECT }, settings);
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("OAuth sign-in", () => {
  it("stores the person's token sealed, and whoami answers with that person", async () => {
    const tenant = await createTenant("oauth");
    const row = await perPersonConnector(tenant);
    const bob = await memberOf(tenant, "bob");
    expect(await signIn(bob, row, "bob")).toBe(`/${tenant.orgSlug}/settings/connectors`);
    expect(await signIn(tenant, row, "ada", `/${tenant.orgSlug}/chat/c1`)).toBe(`/${tenant.orgSlug}/chat/c1`);

    const catalog = openConnectorCatalog(tenant, settings);
    expect(await catalog.callTool(row.id, "whoami", {}, await runOf(tenant, bob.userId))).toMatchObject({
      kind: "ok",
      text: "You are bob",
    });
    expect(await catalog.callTool(row.id, "whoami", {}, await runOf(tenant, tenant.userId))).toMatchObject({
      kind: "ok",
      text: "You are ada",
    });

    const prisma = getTestPrisma();
    const credential = await prisma.connectorCredential.findFirstOrThrow({ where: { connectorId: row.id, userId: bob.userId } });
    const access = openPersonToken(tenant.organizationId, row.id, bob.userId, credential.tokenSealed);
    expect(access).toMatch(/^oauth-/);
    expect(credential.tokenSealed).not.toContain(access);
    expect(credential.refreshTokenSealed).not.toBeNull();
    expect(credential.refreshTokenSealed).not.toContain("refresh-");
    const client = await prisma.connector.findFirstOrThrow({ where: { id: row.id } });
    expect(client.oauthClientSealed).not.toBeNull();
    expect(client.oauthClientSealed).not.toContain("client-");

    const audit = await prisma.auditLog.findMany({ where: { organizationId: tenant.organizationId } });
    expect(audit.filter((entry) => entry.action === "connector.credential_set").map((entry) => entry.metadata)).toEqual([
      { connectorId: row.id, via: "sign_in" },
      { connectorId: row.id, via: "sign_in" },
    ]);
    expect(JSON.stringify(audit)).not.toMatch(/oauth-|refresh-|secret-/);
  });

  it("refuses a state that is unknown, expired or another person's with a 400 that says so", async () => {
    const tenant = await createTenant("oauthstate");
    const row = await perPersonConnector(tenant);
    const bob = await memberOf(tenant, "bob");
    const authorizationUrl = await startSignIn(tenant, row, { redirectUri: REDIRECT, returnTo: null }, settings);
    const { code, state } = await authorize(authorizationUrl, "ada");

    const [version, iv, tag, sealed] = state.split(".");
    const altered = [version, iv, `${tag[0] === "A" ? "B" : "A"}${tag.slice(1)}`, sealed].join(".");
    for (const bad of ["not-a-state", altered]) {
      const unknown = await refusal(completeSignIn(tenant.userId, { state: bad, code, redirectUri: REDIRECT }, settings));
      expect([unknown.status, unknown.message]).toEqual([400, expect.stringContaining("not one Handoff started")]);
    }
    const others = await refusal(completeSignIn(bob.userId, { state, code, redirectUri: REDIRECT }, settings));
    expect([others.status, others.message]).toEqual([400, expect.stringContaining("another person")]);
    // A member of another organization learns nothing of this one: not found.
    const outsider = await createTenant("oauthoutsider");
    const foreign = await refusal(completeSignIn(outsider.userId, { state, code, redirectUri: REDIRECT }, settings));
    expect(foreign.status).toBe(404);
    const later = { ...settings, now: () => Date.now() + OAUTH_STATE_TTL_MS + 1 };
    const expired = await refusal(completeSignIn(tenant.userId, { state, code, redirectUri: REDIRECT }, later));
    expect([expired.status, expired.message]).toEqual([400, expect.stringContaining("expired")]);
    expect(await getTestPrisma().connectorCredential.count({ where: { connectorId: row.id } })).toBe(0);
  });

  it("is refused on a connector that does not use personal sign-in", async () => {
    const tenant = await createTenant("oauthnone");
    const created = await createConnector(
      tenant,
      { name: "open", title: "Open", url: fixture.url, authMode: "none", timeoutMs: 5_000, maxResultChars: 20_000 },
      null,
    );
    if (created === "name_taken") throw new Error("name taken");
    const error = await refusal(startSignIn(tenant, created, { redirectUri: REDIRECT, returnTo: null }, settings));
    expect(error.status).toBe(409);
  });

  it("refreshes an expired access token once, then calls again", async () => {
    const tenant = await createTenant("oauthrefresh");
    const row = await perPersonConnector(tenant);
    await signIn(tenant, row, "ada");
    const prisma = getTestPrisma();
    const before = await prisma.connectorCredential.findFirstOrThrow({ where: { connectorId: row.id } });
    const expiredToken = openPersonToken(tenant.organizationId, row.id, tenant.userId, before.tokenSealed);
    await fixture.post("/control/expire", { token: expiredToken });

    const catalog = openConnectorCatalog(tenant, settings);
    expect(await catalog.callTool(row.id, "whoami", {}, await runOf(tenant, tenant.userId))).toMatchObject({
      kind: "ok",
      text: "You are ada",
    });
    const after = await prisma.connectorCredential.findFirstOrThrow({ where: { connectorId: row.id } });
    expect(openPersonToken(tenant.organizationId, row.id, tenant.userId, after.tokenSealed)).not.toBe(expiredToken);

    // Without a refresh token (a pasted token), an expired one is auth_required at once.
    await prisma.connectorCredential.updateMany({ where: { connectorId: row.id }, data: { refreshTokenSealed: null } });
    await fixture.post("/control/expire", { token: openPersonToken(tenant.organizationId, row.id, tenant.userId, after.tokenSealed) });
    expect(await catalog.callTool(row.id, "whoami", {}, await runOf(tenant, tenant.userId))).toMatchObject({ kind: "auth_required" });
  });
});
