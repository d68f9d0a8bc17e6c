import { describe, expect, it } from "vitest";
import { createAccount } from "../support/http-client";
import { appBaseURL } from "../support/env";
import { inviteAndJoin, teamOf } from "../support/teams";

type Members = { members: { userId: string; email: string; role: string }[] };
type ErrorBody = { error: { code: string; message: string } };

describe("invites", () => {
  it("an owner invites by email; the invitee accepts the link and becomes a member", async () => {
    const owner = await createAccount(appBaseURL(), "owner");
    const friend = await createAccount(appBaseURL(), "friend");
    const created = await owner.client.json<{ link: string; invite: { email: string; role: string } }>(
      `/api/orgs/${owner.orgSlug}/invites`,
      { json: { email: friend.email, role: "member" } },
    );
    expect(created.status).toBe(201);
    expect(created.body.link).toMatch(new RegExp(`^${appBaseURL()}/invite/[A-Za-z0-9_-]{20,}$`));

    const open = await owner.client.json<{ invites: { email: string }[] }>(`/api/orgs/${owner.orgSlug}/invites`);
    expect(open.body.invites.map((i) => i.email)).toEqual([friend.email]);

    const page = await friend.client.request(new URL(created.body.link).pathname);
    expect(await page.text()).toContain(`Join ${owner.name} Team`);

    const token = created.body.link.split("/").pop();
    const accepted = await friend.client.json<{ organization: { slug: string } }>("/api/invites/accept", { json: { token } });
    expect(accepted.status).toBe(200);
    expect(accepted.body.organization.slug).toBe(owner.orgSlug);

    const members = await friend.client.json<Members>(`/api/orgs/${owner.orgSlug}/members`);
    expect(members.status).toBe(200);
    expect(members.body.members.find((m) => m.email === friend.email)?.role).toBe("member");

    const orgs = await friend.client.json<{ organizations: { slug: string }[] }>("/api/orgs");
    expect(orgs.body.organizations.map((o) => o.slug)).toEqual([friend.orgSlug, owner.orgSlug]);

    const again = await friend.client.json<ErrorBody>("/api/invites/accept", { json: { token } });
    expect(again.status).toBe(409);
  });

  it("refuses an invite accepted by a different email (403) and an unknown token (404)", async () => {
    const owner = await createAccount(appBaseURL(), "owner");
    const intended = await createAccount(appBaseURL(), "intended");
    const other = await createAccount(appBaseURL(), "other");
    const created = await owner.client.json<{ link: string }>(`/api/orgs/${owner.orgSlug}/invites`, { json: { email: intended.email } });
    const token = created.body.link.split("/").pop();
    const wrong = await other.client.json<ErrorBody>("/api/invites/accept", { json: { token } });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.message).toContain(intended.email);
    const unknown = await other.client.json("/api/invites/accept", { json: { token: "x".repeat(32) } });
    expect(unknown.status).toBe(404);
  });

  it("a revoked invite no longer works", async () => {
    const owner = await createAccount(appBaseURL(), "owner");
    const friend = await createAccount(appBaseURL(), "friend");
    const created = await owner.client.json<{ link: string; invite: { id: string } }>(`/api/orgs/${owner.orgSlug}/invites`, {
      json: { email: friend.email },
    });
    expect((await owner.client.json(`/api/orgs/${owner.orgSlug}/invites/${created.body.invite.id}`, { method: "DELETE" })).status).toBe(
      200,
    );
    const accepted = await friend.client.json("/api/invites/accept", { json: { token: created.body.link.split("/").pop() } });
    expect(accepted.status).toBe(404);
  });

  it("members cannot invite; admins cannot invite owners; existing members cannot be invited", async () => {
    const { owner, admin, member, slug } = await teamOf(appBaseURL());
    expect((await member.client.json(`/api/orgs/${slug}/invites`, { json: { email: "x@example.com" } })).status).toBe(403);
    expect((await admin.client.json(`/api/orgs/${slug}/invites`, { json: { email: "x@example.com", role: "owner" } })).status).toBe(403);
    expect((await admin.client.json(`/api/orgs/${slug}/invites`, { json: { email: "y@example.com", role: "admin" } })).status).toBe(201);
    expect((await owner.client.json(`/api/orgs/${slug}/invites`, { json: { email: member.email } })).status).toBe(409);
    expect((await owner.client.json(`/api/orgs/${slug}/invites`, { json: { email: "bad" } })).status).toBe(422);
  });
});

describe("roles and leaving", () => {
  it("admins manage members but not owners; only owners make owners", async () => {
    const { owner, admin, member, slug } = await teamOf(appBaseURL());
    const promote = await admin.client.json(`/api/orgs/${slug}/members/${member.userId}`, { method: "PATCH", json: { role: "admin" } });
    expect(promote.status).toBe(200);
    expect(
      (await admin.client.json(`/api/orgs/${slug}/members/${owner.userId}`, { method: "PATCH", json: { role: "member" } })).status,
    ).toBe(403);
    expect(
      (await admin.client.json(`/api/orgs/${slug}/members/${member.userId}`, { method: "PATCH", json: { role: "owner" } })).status,
    ).toBe(403);
    expect(
      (await owner.client.json(`/api/orgs/${slug}/members/${member.userId}`, { method: "PATCH", json: { role: "owner" } })).status,
    ).toBe(200);
    expect(
      (await owner.client.json(`/api/orgs/${slug}/members/${member.userId}`, { method: "PATCH", json: { role: "king" } })).status,
    ).toBe(422);
    const { body } = await owner.client.json<Members>(`/api/orgs/${slug}/members`);
    expect(Object.fromEntries(body.members.map((m) => [m.email, m.role]))).toEqual({
      [owner.email]: "owner",
      [admin.email]: "admin",
      [member.email]: "owner",
    });
  });

  it("a plain member cannot change roles or remove anyone", async () => {
    const { admin, member, slug } = await teamOf(appBaseURL());
    expect(
      (await member.client.json(`/api/orgs/${slug}/members/${admin.userId}`, { method: "PATCH", json: { role: "member" } })).status,
    ).toBe(403);
    expect((await member.client.json(`/api/orgs/${slug}/members/${admin.userId}`, { method: "DELETE" })).status).toBe(403);
  });

  it("the last owner cannot leave or be demoted; a member can leave", async () => {
    const { owner, member, slug } = await teamOf(appBaseURL());
    const leave = await owner.client.json<ErrorBody>(`/api/orgs/${slug}/members/${owner.userId}`, { method: "DELETE" });
    expect(leave.status).toBe(409);
    expect(leave.body.error.message).toMatch(/at least one owner/);
    expect(
      (await owner.client.json(`/api/orgs/${slug}/members/${owner.userId}`, { method: "PATCH", json: { role: "admin" } })).status,
    ).toBe(409);
    const left = await member.client.json<{ left: boolean }>(`/api/orgs/${slug}/members/${member.userId}`, { method: "DELETE" });
    expect(left.status).toBe(200);
    expect(left.body.left).toBe(true);
    expect((await member.client.json(`/api/orgs/${slug}/members`)).status).toBe(404);
  });

  it("an owner can leave once there is another owner", async () => {
    const { owner, admin, slug } = await teamOf(appBaseURL());
    await owner.client.json(`/api/orgs/${slug}/members/${admin.userId}`, { method: "PATCH", json: { role: "owner" } });
    expect((await owner.client.json(`/api/orgs/${slug}/members/${owner.userId}`, { method: "DELETE" })).status).toBe(200);
  });

  it("an admin removes a member, who then loses access", async () => {
    const { admin, member, slug } = await teamOf(appBaseURL());
    expect((await admin.client.json(`/api/orgs/${slug}/members/${member.userId}`, { method: "DELETE" })).status).toBe(200);
    expect((await member.client.request(`/${slug}`)).status).toBe(404);
  });

  it("the audit log records invites, acceptance and role changes, and only admins read it", async () => {
    const { owner, member, slug } = await teamOf(appBaseURL());
    await owner.client.json(`/api/orgs/${slug}/members/${member.userId}`, { method: "PATCH", json: { role: "admin" } });
    const { status, body } = await owner.client.json<{ entries: { action: string; actor: { email: string } | null }[] }>(
      `/api/orgs/${slug}/audit`,
    );
    expect(status).toBe(200);
    const actions = body.entries.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["user.signed_up", "invite.created", "invite.accepted", "member.role_changed"]));
    expect(body.entries[0].action).toBe("member.role_changed");
    expect(body.entries[0].actor?.email).toBe(owner.email);
    const other = await createAccount(appBaseURL(), "outsider");
    await inviteAndJoin(owner, other, "member");
    expect((await other.client.json(`/api/orgs/${slug}/audit`)).status).toBe(403);
  });
});
