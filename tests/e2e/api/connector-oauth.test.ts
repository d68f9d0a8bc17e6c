// A person's OAuth sign-in to a per-person connector through the app's routes, against the test MCP
// server's authorization server: start → the authorization URL followed with plain fetch → the
// callback redirects back and the person is connected; another person's or an altered state is a
// 400 with a sentence; no token is in any response or the audit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appBaseURL } from "../support/env";
import type { TestAccount } from "../support/http-client";
import { sql } from "../support/sql";
import { teamOf } from "../support/teams";
import { startMcpFixture, type McpFixture } from "@/tests/support/mcp-fixture/start";

type ErrorBody = { error: { code: string; message: string } };
let team: Awaited<ReturnType<typeof teamOf>>;
let mcp: McpFixture;
let connectorId: string;

beforeAll(async () => {
  team = await teamOf(appBaseURL());
  mcp = await startMcpFixture();
  const created = await team.owner.client.json<{ connector: { id: string } }>(`/api/orgs/${team.slug}/connectors`, {
    json: { name: "crm", title: "Acme CRM", url: mcp.url, auth_mode: "per_person" },
  });
  expect(created.status).toBe(201);
  connectorId = created.body.connector.id;
});
afterAll(() => mcp.stop());

const start = (account: TestAccount, json: Record<string, unknown> = {}) =>
  account.client.json<{ authorization_url: string } & ErrorBody>(`/api/orgs/${team.slug}/connectors/${connectorId}/oauth/start`, { json });

/** The callback path and query the fixture's authorization server redirects to, approving as `as`. */
async function approve(authorizationUrl: string, as: string): Promise<string> {
  const url = new URL(authorizationUrl);
  url.searchParams.set("as", as);
  const answer = await fetch(url, { redirect: "manual" });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get("location")!);
  expect(back.pathname).toBe("/api/connectors/oauth/callback");
  return `${back.pathname}${back.search}`;
}

describe("sign in with a per-person connector", () => {
  it("connects the member who signed in, and sends them back", async () => {
    const started = await start(team.member, { return_to: `/${team.slug}/chat` });
    expect(started.status).toBe(200);
    const callback = await approve(started.body.authorization_url, "mia");
    const done = await team.member.client.request(callback);
    expect(done.status).toBe(303);
    expect(new URL(done.headers.get("location")!).pathname).toBe(`/${team.slug}/chat`);

    const view = await team.member.client.json<{ connector: { connected: boolean } }>(`/api/orgs/${team.slug}/connectors/${connectorId}`);
    expect(view.body.connector.connected).toBe(true);
    const admins = await team.owner.client.json<{ connector: { connected: boolean } }>(`/api/orgs/${team.slug}/connectors/${connectorId}`);
    expect(admins.body.connector.connected).toBe(false);

    const everything = JSON.stringify([
      view.body,
      (await team.owner.client.json(`/api/orgs/${team.slug}/audit`)).body,
      await sql(`SELECT action, metadata FROM "AuditLog" WHERE "organizationId" = (SELECT id FROM "Organization" WHERE slug = $1)`, [
        team.slug,
      ]),
    ]);
    expect(everything).toContain("connector.credential_set");
    expect(everything).not.toMatch(/oauth-[0-9a-f]|refresh-[0-9a-f]|secret-[0-9a-f]/);
  });

  it("refuses another person's state and an altered one with a 400 that says why", async () => {
    const started = await start(team.admin);
    const callback = await approve(started.body.authorization_url, "adam");
    const others = await team.member.client.json<ErrorBody>(callback);
    expect(others.status).toBe(400);
    expect(others.body.error.message).toContain("another person");

    const altered = new URL(callback, appBaseURL());
    altered.searchParams.set("state", "not-a-state");
    const unknown = await team.admin.client.json<ErrorBody>(`${altered.pathname}${altered.search}`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe("invalid_sign_in_state");
  });

  it("refuses a return path that leaves the app", async () => {
    expect((await start(team.member, { return_to: "//evil.example/x" })).status).toBe(422);
  });
});
