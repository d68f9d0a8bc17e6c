import { beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../support/http-client";
import { appBaseURL } from "../support/env";
import { TENANT_API_ROUTES, TENANT_PAGES } from "../support/tenant-routes";

let victim: TestAccount;
let intruder: TestAccount;
let fill: (path: string) => string;

beforeAll(async () => {
  victim = await createAccount(appBaseURL(), "victim");
  intruder = await createAccount(appBaseURL(), "intruder");
  const invite = await victim.client.json<{ invite: { id: string } }>(`/api/orgs/${victim.orgSlug}/invites`, {
    json: { email: "pending@example.com" },
  });
  fill = (path) =>
    path
      .replace("{org}", victim.orgSlug)
      .replace("{userId}", victim.userId)
      .replace("{inviteId}", invite.body.invite.id)
      .replace("{permissionId}", "any-grant-id");
});

describe("a member of organization A reaches nothing of organization B", () => {
  it.each(TENANT_PAGES)("page %s → 404", async (page) => {
    const response = await intruder.client.request(fill(page));
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain(`${victim.name} Team`);
  });

  it.each(TENANT_API_ROUTES)("$method $path → 404", async (route) => {
    const { status, body } = await intruder.client.json(fill(route.path), { method: route.method, json: route.json });
    expect(status).toBe(404);
    expect(JSON.stringify(body)).not.toContain(victim.email);
  });

  it("and nothing of B changed", async () => {
    const org = await victim.client.json<{ organization: { name: string; role: string } }>(`/api/orgs/${victim.orgSlug}`);
    expect(org.body.organization).toMatchObject({ name: `${victim.name} Team`, role: "owner" });
    const invites = await victim.client.json<{ invites: { email: string }[] }>(`/api/orgs/${victim.orgSlug}/invites`);
    expect(invites.body.invites.map((i) => i.email)).toEqual(["pending@example.com"]);
    const members = await victim.client.json<{ members: unknown[] }>(`/api/orgs/${victim.orgSlug}/members`);
    expect(members.body.members).toHaveLength(1);
    const keys = await victim.client.json<{ keys: unknown[] }>(`/api/orgs/${victim.orgSlug}/api-keys`);
    expect(keys.body.keys).toEqual([]);
  });

  it("an organization that does not exist looks the same as one you are not in", async () => {
    const missing = await intruder.client.json("/api/orgs/no-such-team-here");
    const foreign = await intruder.client.json(`/api/orgs/${victim.orgSlug}`);
    expect(missing).toEqual({ ...foreign, headers: missing.headers });
  });
});
