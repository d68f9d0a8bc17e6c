import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, HttpClient } from "../support/http-client";
import { appBaseURL, appDatabaseUrl } from "../support/env";
import { createConversation, postMessage } from "../support/run-events";
import { sql } from "../support/sql";
import { teamOf } from "../support/teams";
import { startAppServer, type AppServer } from "../../support/app-server";

/** What a stolen cookie gets from an API route and from a page. */
async function access(client: HttpClient) {
  const api = await client.json<{ error?: { code: string } }>("/api/account");
  const page = await client.request("/account");
  await page.arrayBuffer();
  return {
    api: api.status,
    page: page.status === 307 ? `redirect ${new URL(page.headers.get("location")!, client.baseURL).pathname}` : String(page.status),
  };
}

/** What a message gets: its status and the error's code (no stream is read: a refused message answers JSON). */
async function messageStatus(client: HttpClient, conversationId: string) {
  const response = await postMessage(client, conversationId, "are you there?");
  const body = (await response.json().catch(() => null)) as { error?: { code: string } } | null;
  return { status: response.status, code: body?.error?.code };
}

const signedIn = { api: 200, page: "200" };
const signedOut = { api: 401, page: "redirect /sign-in" };

// A second instance on the same database: a revocation must hold there at once too.
let instanceB: AppServer;
beforeAll(async () => {
  instanceB = await startAppServer({ databaseUrl: appDatabaseUrl() });
});
afterAll(async () => {
  await instanceB?.stop();
});

describe("sessions end when they should, on every instance", () => {
  it("sign-out ends the session: a copy of its cookie is refused, here and on another instance", async () => {
    const user = await createAccount(appBaseURL(), "signout");
    const copy = user.client.copy();
    const copyOnB = user.client.copy(instanceB.baseURL);
    // Both instances have seen (and remembered) the cookie before it is signed out.
    expect(await access(copy)).toEqual(signedIn);
    expect(await access(copyOnB)).toEqual(signedIn);
    const other = new HttpClient(appBaseURL());
    expect(await other.signIn(user.email, user.password)).toBe(true);

    await user.client.signOut();
    expect(await access(copy)).toEqual(signedOut);
    expect(await access(copyOnB)).toEqual(signedOut);
    // Only that session: the one signed in elsewhere goes on.
    expect(await access(other)).toEqual(signedIn);
  });

  it("a message sent with an ended session is refused (401) and starts nothing, in one's own conversation and another team's alike", async () => {
    const user = await createAccount(appBaseURL(), "msgsignout");
    const stranger = await createAccount(appBaseURL(), "msgstranger");
    const own = await createConversation(user.client);
    const others = await createConversation(stranger.client);
    const copy = user.client.copy();
    const copyOnB = user.client.copy(instanceB.baseURL);
    // Signed in, another team's conversation is not found (never confirmed); both instances have seen the cookie.
    expect(await messageStatus(copy, others)).toEqual({ status: 404, code: "not_found" });
    expect(await messageStatus(copyOnB, others)).toEqual({ status: 404, code: "not_found" });

    await user.client.signOut();
    for (const client of [copy, copyOnB]) {
      expect(await messageStatus(client, own)).toEqual({ status: 401, code: "unauthorized" });
      expect(await messageStatus(client, others)).toEqual({ status: 401, code: "unauthorized" });
    }
    const stored = await sql<{ runs: number; messages: number }>(
      `SELECT (SELECT count(*)::int FROM "Run" r WHERE r."storeId" = s."id") AS runs,
              (SELECT count(*)::int FROM "Message" m WHERE m."storeId" = s."id") AS messages
         FROM "AgentStore" s WHERE s."conversationId" = $1 AND s."namespace" = ''`,
      [own],
    );
    expect(stored).toEqual([{ runs: 0, messages: 0 }]);
  });

  it("a password change ends every other session; the person who changed it stays signed in", async () => {
    const user = await createAccount(appBaseURL(), "pwchange");
    const copyOnB = user.client.copy(instanceB.baseURL);
    const laptop = new HttpClient(appBaseURL());
    expect(await laptop.signIn(user.email, user.password)).toBe(true);
    expect(await access(copyOnB)).toEqual(signedIn);

    const changed = await user.client.json("/api/account/password", {
      json: { currentPassword: user.password, newPassword: "a-brand-new-password" },
    });
    expect(changed.status).toBe(200);
    expect(await access(copyOnB)).toEqual(signedOut);
    expect(await access(laptop)).toEqual(signedOut);
    expect(await access(user.client)).toEqual(signedIn);
    // The re-issued cookie holds on the other instance too.
    expect(await access(user.client.copy(instanceB.baseURL))).toEqual(signedIn);
    expect(await new HttpClient(appBaseURL()).signIn(user.email, "a-brand-new-password")).toBe(true);
  });

  it("sign out everywhere ends every session, this one included, and is audited", async () => {
    const user = await createAccount(appBaseURL(), "everywhere");
    const laptop = new HttpClient(instanceB.baseURL);
    expect(await laptop.signIn(user.email, user.password)).toBe(true);
    const copy = user.client.copy();
    expect((await user.client.json("/api/account/sessions", { method: "DELETE" })).status).toBe(200);
    expect(await access(copy)).toEqual(signedOut);
    expect(await access(laptop)).toEqual(signedOut);
    expect(await access(user.client)).toEqual(signedOut);

    const again = new HttpClient(appBaseURL());
    expect(await again.signIn(user.email, user.password)).toBe(true);
    const { body } = await again.json<{ entries: { action: string }[] }>(`/api/orgs/${user.orgSlug}/audit`);
    expect(body.entries.map((e) => e.action)).toContain("user.signed_out_everywhere");
  });

  it("a member removed from a team loses it at once, on every instance (membership is read per request)", async () => {
    const { admin, member, slug } = await teamOf(appBaseURL());
    const memberOnB = member.client.copy(instanceB.baseURL);
    expect((await memberOnB.json(`/api/orgs/${slug}/members`)).status).toBe(200);
    expect((await admin.client.json(`/api/orgs/${slug}/members/${member.userId}`, { method: "DELETE" })).status).toBe(200);
    expect((await memberOnB.json(`/api/orgs/${slug}/members`)).status).toBe(404);
    expect((await memberOnB.json(`/api/orgs/${slug}`)).status).toBe(404);
    // Still signed in to their own team.
    expect((await memberOnB.json(`/api/orgs/${member.orgSlug}/members`)).status).toBe(200);
  });
});
