import { beforeAll, describe, expect, it } from "vitest";
import { appBaseURL } from "../support/env";
import type { TestAccount } from "../support/http-client";
import { createConversation } from "../support/run-events";
import { teamOf } from "../support/teams";

type AuditEntry = { action: string; target: string | null; metadata: Record<string, unknown>; actor: { id: string } | null };
type Summary = { id: string; canManage: boolean };

let owner: TestAccount;
let admin: TestAccount;
let member: TestAccount;
let slug: string;

beforeAll(async () => {
  ({ owner, admin, member, slug } = await teamOf(appBaseURL()));
});

const audit = async () => (await admin.client.json<{ entries: AuditEntry[] }>(`/api/orgs/${slug}/audit`)).body.entries;
const rename = (account: TestAccount, id: string, title: string) =>
  account.client.json(`/api/conversations/${id}`, { method: "PATCH", json: { title } });
const remove = (account: TestAccount, id: string) => account.client.json(`/api/conversations/${id}`, { method: "DELETE" });
const inTeam = (account: TestAccount, title: string) =>
  account.client
    .json<{ conversation: { id: string } }>(`/api/conversations?org=${slug}`, { json: { title } })
    .then((reply) => reply.body.conversation.id);

describe("who may rename and delete a conversation", () => {
  it("a member may not rename or delete another person's conversation, and the list says so", async () => {
    const id = await inTeam(owner, "Owner's plan");
    expect((await rename(member, id, "Mine now")).status).toBe(403);
    expect((await remove(member, id)).status).toBe(403);
    const snapshot = await owner.client.json<{ conversation: { title: string } }>(`/api/conversations/${id}`);
    expect(snapshot.body.conversation.title).toBe("Owner's plan");
    const listed = await member.client.json<{ conversations: Summary[] }>(`/api/conversations?org=${slug}`);
    expect(listed.body.conversations.find((c) => c.id === id)?.canManage).toBe(false);
  });

  it("the creator may rename (not audited) and delete (audited) their own", async () => {
    const id = await inTeam(member, "Member's notes");
    const listed = await member.client.json<{ conversations: Summary[] }>(`/api/conversations?org=${slug}`);
    expect(listed.body.conversations.find((c) => c.id === id)?.canManage).toBe(true);
    expect((await rename(member, id, "Renamed by me")).status).toBe(200);
    expect((await audit()).filter((entry) => entry.target === id)).toEqual([]);
    expect((await remove(member, id)).status).toBe(200);
    const entries = (await audit()).filter((entry) => entry.target === id);
    expect(entries).toMatchObject([
      { action: "conversation.deleted", metadata: { title: "Renamed by me", createdById: member.userId }, actor: { id: member.userId } },
    ]);
  });

  it("an admin may rename and delete anyone's, and both are audited", async () => {
    const id = await inTeam(member, "Member's draft");
    expect((await rename(admin, id, "Tidied by admin")).status).toBe(200);
    expect((await remove(admin, id)).status).toBe(200);
    const entries = (await audit()).filter((entry) => entry.target === id);
    expect(entries).toMatchObject([
      { action: "conversation.deleted", metadata: { title: "Tidied by admin" }, actor: { id: admin.userId } },
      {
        action: "conversation.renamed",
        metadata: { from: "Member's draft", to: "Tidied by admin", createdById: member.userId },
        actor: { id: admin.userId },
      },
    ]);
  });
});

describe("the audit log records agent settings changes", () => {
  it("lists the changed fields, provider and model, whether the key was set, and never the key or the prompt", async () => {
    const secret = "sk-very-secret-key-123456";
    const base = { enabledTools: [], name: "Helper" };
    expect((await owner.client.json(`/api/orgs/${slug}/agent`, { method: "PUT", json: base })).status).toBe(200);
    const saved = await owner.client.json(`/api/orgs/${slug}/agent`, {
      method: "PUT",
      json: {
        ...base,
        systemPrompt: "A secret prompt text",
        model: { provider: "anthropic", model: "claude-sonnet-4-5" },
        providerApiKey: secret,
        permissionPolicy: { send_email: "deny" },
      },
    });
    expect(saved.status).toBe(200);
    const [latest] = (await audit()).filter((entry) => entry.action === "agent_settings.updated");
    expect(latest.metadata).toMatchObject({
      changed: expect.arrayContaining(["systemPrompt", "modelConfig", "permissionPolicy", "providerApiKey"]),
      provider: "anthropic",
      model: "claude-sonnet-4-5",
      previous: { provider: "demo" },
      providerKey: "set",
      systemPromptChanged: true,
      permissionPolicy: { send_email: "deny" },
    });
    expect(latest.metadata.changed).not.toContain("name");
    expect(JSON.stringify(latest)).not.toContain(secret);
    expect(JSON.stringify(latest)).not.toContain("A secret prompt text");

    const cleared = await owner.client.json(`/api/orgs/${slug}/agent`, {
      method: "PUT",
      json: {
        ...base,
        model: { provider: "anthropic", model: "claude-sonnet-4-5" },
        systemPrompt: "A secret prompt text",
        permissionPolicy: { send_email: "deny" },
        providerApiKey: "",
      },
    });
    expect(cleared.status).toBe(200);
    const [next] = (await audit()).filter((entry) => entry.action === "agent_settings.updated");
    expect(next.metadata).toMatchObject({ changed: ["providerApiKey"], providerKey: "cleared", systemPromptChanged: false });
  });

  it("a member's own conversations in their first team are theirs to manage", async () => {
    // Default organization (no ?org=): the sign-up team, where the member is the owner.
    const id = await createConversation(member.client, "Solo");
    expect((await remove(member, id)).status).toBe(200);
  });
});
