// Undo delete and the retention setting over HTTP: restore within the window, 404 after it and for
// another organization; retention set by owners and admins only, in range, audited.
import { beforeAll, describe, expect, it } from "vitest";
import { appBaseURL } from "../support/env";
import { createAccount, type TestAccount } from "../support/http-client";
import { sql } from "../support/sql";
import { teamOf } from "../support/teams";

let owner: TestAccount;
let member: TestAccount;
let intruder: TestAccount;
let slug: string;

beforeAll(async () => {
  ({ owner, member, slug } = await teamOf(appBaseURL()));
  intruder = await createAccount(appBaseURL(), "intruder");
});

const create = async (account: TestAccount, json: Record<string, unknown> = { title: "Plans" }) =>
  (await account.client.json<{ conversation: { id: string } }>(`/api/conversations?org=${slug}`, { json })).body.conversation.id;
const listed = async (account: TestAccount) =>
  (await account.client.json<{ conversations: { id: string }[] }>(`/api/conversations?org=${slug}`)).body.conversations.map((c) => c.id);
const remove = (account: TestAccount, id: string) => account.client.json(`/api/conversations/${id}`, { method: "DELETE" });
const restore = (account: TestAccount, id: string) => account.client.json(`/api/conversations/${id}/restore`, { json: {} });

describe("undo delete", () => {
  it("a deleted conversation 404s and leaves the list; restoring it brings it back", async () => {
    const id = await create(owner);
    expect((await remove(owner, id)).status).toBe(200);
    expect((await owner.client.json(`/api/conversations/${id}`)).status).toBe(404);
    expect(await listed(owner)).not.toContain(id);
    const restored = await restore(owner, id);
    expect(restored).toMatchObject({ status: 200, body: { conversation: { id } } });
    expect(await listed(owner)).toContain(id);
    expect((await owner.client.json(`/api/conversations/${id}`)).status).toBe(200);
    // Not deleted (any more): nothing to restore.
    expect((await restore(owner, id)).status).toBe(404);
  });

  it("another organization cannot restore it (404), and it stays deleted", async () => {
    const id = await create(owner);
    await remove(owner, id);
    expect((await restore(intruder, id)).status).toBe(404);
    expect(await sql(`SELECT 1 FROM "Conversation" WHERE "id" = $1 AND "deletedAt" IS NOT NULL`, [id])).toHaveLength(1);
  });

  it("a member may not restore another person's conversation (403), as for deleting", async () => {
    const id = await create(owner);
    await remove(owner, id);
    expect((await restore(member, id)).status).toBe(403);
  });

  it("after the window it is 404", async () => {
    const id = await create(owner);
    await remove(owner, id);
    await sql(`UPDATE "Conversation" SET "deletedAt" = "deletedAt" - interval '31 minutes' WHERE "id" = $1`, [id]);
    expect((await restore(owner, id)).status).toBe(404);
  });

  it("a temporary conversation is not listed, and deleting it leaves nothing to restore", async () => {
    const id = await create(owner, { title: "Off the record", temporary: true });
    expect((await owner.client.json(`/api/conversations/${id}`)).status).toBe(200);
    expect(await listed(owner)).not.toContain(id);
    expect((await remove(owner, id)).status).toBe(200);
    expect(await sql(`SELECT 1 FROM "Conversation" WHERE "id" = $1`, [id])).toEqual([]);
    expect((await restore(owner, id)).status).toBe(404);
  });
});

describe("the retention setting", () => {
  const path = () => `/api/orgs/${slug}/retention`;

  it("is forever by default, set by an owner in days, audited", async () => {
    expect((await member.client.json(path())).body).toEqual({ retentionDays: null });
    expect((await owner.client.json(path(), { method: "PUT", json: { retentionDays: 90 } })).body).toEqual({ retentionDays: 90 });
    expect((await member.client.json(path())).body).toEqual({ retentionDays: 90 });
    const audit = await owner.client.json<{ entries: { action: string; metadata: unknown }[] }>(`/api/orgs/${slug}/audit`);
    expect(audit.body.entries.find((entry) => entry.action === "organization.retention_changed")).toMatchObject({
      metadata: { from: null, to: 90 },
    });
    expect((await owner.client.json(path(), { method: "PUT", json: { retentionDays: null } })).body).toEqual({ retentionDays: null });
  });

  it("refuses a member (403) and a value out of range (422 naming it)", async () => {
    expect((await member.client.json(path(), { method: "PUT", json: { retentionDays: 30 } })).status).toBe(403);
    for (const retentionDays of [0, 3651, 1.5, "30"]) {
      const reply = await owner.client.json<{ error: { details: { issues: { path: string }[] } } }>(path(), {
        method: "PUT",
        json: { retentionDays },
      });
      expect(reply.status, String(retentionDays)).toBe(422);
      expect(reply.body.error.details.issues.map((issue) => issue.path)).toEqual(["retentionDays"]);
    }
  });
});
