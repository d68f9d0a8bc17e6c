// Share links against the production server: who opens which link (signed out, another
// organization, the people picked), expiry and revocation, the friendly page, and "continue as my copy".
import { beforeAll, describe, expect, it } from "vitest";
import { appBaseURL } from "../support/env";
import { HttpClient, createAccount, type TestAccount } from "../support/http-client";
import { createConversation, say } from "../support/run-events";
import { sql } from "../support/sql";
import { teamOf } from "../support/teams";

type Team = Awaited<ReturnType<typeof teamOf>>;
type Created = { url: string; token: string; share: { id: string; tokenPrefix: string; canRevoke: boolean } };
type Shared = { title: string; entries: { kind: string; text?: string; question?: string; status?: string }[]; canCopy: boolean };

let team: Team;
let stranger: TestAccount;
let signedOut: HttpClient;
let conversationId: string;
const TITLE = "Drinks for the offsite";

const createShare = async (by: TestAccount, json: Record<string, unknown>) => {
  const created = await by.client.json<Created>(`/api/conversations/${conversationId}/shares`, {
    json: { mode: "snapshot", expiresInDays: null, ...json },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
};
const view = (client: HttpClient, token: string) => client.json<Shared>(`/api/shares/${token}`);

beforeAll(async () => {
  team = await teamOf(appBaseURL());
  stranger = await createAccount(appBaseURL(), "stranger");
  signedOut = new HttpClient(appBaseURL());
  conversationId = await createConversation(team.owner.client, TITLE);
  const events = await say(team.owner.client, conversationId, "help me choose between tea, coffee and water");
  expect(events.some((event) => event.type === "slot_push")).toBe(true);
});

describe("share links", () => {
  it("public: signed out sees the messages and the pending card as waiting, and nothing internal", async () => {
    const created = await createShare(team.owner, { audience: "public" });
    expect(created.url).toBe(`${appBaseURL()}/share/${created.token}`);
    const { status, body } = await view(signedOut, created.token);
    expect(status).toBe(200);
    expect(body.title).toBe(TITLE);
    expect(body.canCopy).toBe(false);
    expect(body.entries[0]).toEqual({ kind: "user", text: "help me choose between tea, coffee and water" });
    expect(body.entries).toContainEqual({ kind: "card", question: "Which one do you prefer?", status: "waiting", answer: null });
    const raw = JSON.stringify(body);
    for (const secret of [team.owner.email, team.owner.userId, conversationId, "ask_preference"]) expect(raw).not.toContain(secret);

    const page = await signedOut.request(`/share/${created.token}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("Waiting for an answer");
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
  });

  it("organization: signed out must sign in (401, the page redirects), another organization's member gets the same 404 as an unknown link", async () => {
    const created = await createShare(team.owner, { audience: "organization" });
    expect((await view(signedOut, created.token)).status).toBe(401);
    const page = await signedOut.request(`/share/${created.token}`);
    expect(page.status).toBe(307);
    expect(page.headers.get("location")).toContain(`/sign-in?callbackUrl=${encodeURIComponent(`/share/${created.token}`)}`);

    const foreign = await view(stranger.client, created.token);
    const unknown = await view(stranger.client, "x".repeat(43));
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);
    expect(JSON.stringify(foreign.body)).not.toContain(TITLE);
    const member = await view(team.member.client, created.token);
    expect(member.status).toBe(200);
    expect(member.body.canCopy).toBe(true);
  });

  it("people: only the person picked", async () => {
    const created = await createShare(team.owner, { audience: "people", people: [team.member.userId] });
    expect((await view(team.member.client, created.token)).status).toBe(200);
    expect((await view(team.admin.client, created.token)).status).toBe(404);
    const outsider = await team.owner.client.json(`/api/conversations/${conversationId}/shares`, {
      json: { audience: "people", mode: "live", expiresInDays: 7, people: [stranger.userId] },
    });
    expect(outsider.status).toBe(422);
  });

  it("expired: 404 and the friendly page", async () => {
    const created = await createShare(team.owner, { audience: "public", expiresInDays: 1 });
    expect((await view(signedOut, created.token)).status).toBe(200);
    await sql(`UPDATE "ShareLink" SET "expiresAt" = now() - interval '1 minute' WHERE "id" = $1`, [created.share.id]);
    expect((await view(signedOut, created.token)).status).toBe(404);
    const page = await signedOut.request(`/share/${created.token}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("This link is not available");
  });

  it("revoked: only the creator or an admin revokes; then 404 and the friendly page", async () => {
    const created = await createShare(team.owner, { audience: "public", mode: "live" });
    const listed = await team.member.client.json<{ shares: Created["share"][] }>(`/api/conversations/${conversationId}/shares`);
    const mine = listed.body.shares.find((share) => share.id === created.share.id)!;
    expect(mine).toMatchObject({ tokenPrefix: created.token.slice(0, 6), canRevoke: false });
    expect(JSON.stringify(listed.body)).not.toContain(created.token);

    const byMember = await team.member.client.json(`/api/conversations/${conversationId}/shares/${created.share.id}`, { method: "DELETE" });
    expect(byMember.status).toBe(403);
    expect((await view(signedOut, created.token)).status).toBe(200);
    const byAdmin = await team.admin.client.request(`/api/conversations/${conversationId}/shares/${created.share.id}`, {
      method: "DELETE",
    });
    expect(byAdmin.status).toBe(204);
    expect((await view(signedOut, created.token)).status).toBe(404);
    expect(await (await signedOut.request(`/share/${created.token}`)).text()).toContain("This link is not available");
    const audit = await team.owner.client.json<{ entries: { action: string }[] }>(`/api/orgs/${team.slug}/audit`);
    expect(audit.body.entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(["share.created", "share.revoked"]));
  });

  it("continue as my copy: signed out 401; another organization's member copies a public link into their own organization", async () => {
    const publicLink = await createShare(team.owner, { audience: "public" });
    const orgLink = await createShare(team.owner, { audience: "organization" });
    expect((await signedOut.json(`/api/shares/${publicLink.token}/copy`, { json: {} })).status).toBe(401);
    expect((await stranger.client.json(`/api/shares/${orgLink.token}/copy`, { json: {} })).status).toBe(404);

    const copied = await stranger.client.json<{ conversationId: string; url: string }>(`/api/shares/${publicLink.token}/copy`, {
      json: {},
    });
    expect(copied.status).toBe(201);
    expect(copied.body.url).toBe(`/${stranger.orgSlug}/c/${copied.body.conversationId}`);
    const copy = await stranger.client.json<{ conversation: { title: string }; messages: { sender: string; text: string }[] }>(
      `/api/conversations/${copied.body.conversationId}`,
    );
    expect(copy.status).toBe(200);
    expect(copy.body.conversation.title).toBe(TITLE);
    expect(copy.body.messages[0]).toMatchObject({ sender: "user", text: "help me choose between tea, coffee and water" });
    expect(copy.body.messages[1].text).toContain("Which one do you prefer?");
    // The original stays the owner's: the stranger still reaches nothing of it.
    expect((await stranger.client.json(`/api/conversations/${conversationId}`)).status).toBe(404);
  });
});
