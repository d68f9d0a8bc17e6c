// Edit, regenerate, switch and branch out over Postgres with the demo model: the tree, the active
// path the agent and the chat read, and the one-active-run rule (409).
import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { ConversationForbiddenError } from "@/lib/db/conversations";
import { readConversationSnapshot } from "@/lib/db/conversation-snapshot";
import type { PostgresStore } from "@/lib/db/postgres-store";
import type { TenantContext } from "@/lib/db/tenant-context";
import { branchOut, editMessage, regenerateReply, switchBranch } from "@/lib/server/conversations/branches";
import { createTenant, openNewConversationStore } from "@/tests/integration/store/support";
import { eventually } from "@/tests/support/eventually";

const now = () => new Date().toISOString();

/** A conversation with one answered question, as a finished run leaves it. */
async function answered(label: string) {
  const tenant = await createTenant(label);
  const { conversation, store } = await openNewConversationStore(tenant);
  await store.appendMessages([
    { id: "q1", sender: "user", text: "hello", created_at: now() },
    { id: "a1", sender: "agent", text: "The first answer.", created_at: now() },
  ]);
  return { tenant, conversationId: conversation.id, store };
}

/** Waits for the conversation's runs to be `count`, none of them active. */
async function runsSettled(tenant: TenantContext, conversationId: string, count: number) {
  await eventually(async () => {
    const runs = await prisma.run.findMany({ where: { organizationId: tenant.organizationId, store: { conversationId } } });
    return runs.length === count && runs.every((run) => run.status === "completed");
  }, 20_000);
}

const texts = async (store: PostgresStore) => (await store.getMessages()).map((message) => message.text);

describe("branches", () => {
  it("regenerate makes a sibling reply; switching back shows the first one; the snapshot counts versions", async () => {
    const { tenant, conversationId, store } = await answered("regenerate");
    const stream = await regenerateReply(tenant, conversationId, "a1");
    await stream.body?.cancel();
    await runsSettled(tenant, conversationId, 1);
    const path = await store.getMessages();
    expect(path.map((message) => message.id).slice(0, 1)).toEqual(["q1"]);
    expect(path).toHaveLength(2);
    const second = path[1];
    expect(second.id).not.toBe("a1");
    const snapshot = await readConversationSnapshot(tenant, conversationId);
    expect(snapshot?.branches).toEqual([{ message_id: second.id, siblings: ["a1", second.id] }]);
    expect(snapshot?.messages.map((message) => message.id)).toEqual(["q1", second.id]);

    await switchBranch(tenant, conversationId, "a1");
    expect(await texts(store)).toEqual(["hello", "The first answer."]);
  });

  it("edit makes a sibling of the person's message, answered by a new run", async () => {
    const { tenant, conversationId, store } = await answered("edit");
    const stream = await editMessage(tenant, conversationId, "q1", "hello again");
    await stream.body?.cancel();
    await runsSettled(tenant, conversationId, 1);
    const path = await store.getMessages();
    expect(path[0].text).toBe("hello again");
    expect(path.at(-1)?.sender).toBe("agent");
    expect(await store.getBranchPoints()).toEqual([{ message_id: path[0].id, siblings: ["q1", path[0].id] }]);
  });

  it("an edit is the creator's or an admin's: another member is refused and nothing changes", async () => {
    const { tenant, conversationId, store } = await answered("edit-rights");
    const member: TenantContext = { ...tenant, userId: "another-member", role: "member" };
    await expect(editMessage(member, conversationId, "q1", "what I wish they had said")).rejects.toBeInstanceOf(ConversationForbiddenError);
    expect(await texts(store)).toEqual(["hello", "The first answer."]);
  });

  it("refuses edit, regenerate and a switch with 409 while a run is active, changing nothing", async () => {
    const { tenant, conversationId, store } = await answered("busy");
    expect(await store.createRun({ id: "active-run", status: "running", created_at: now() })).toBe(true);
    await expect(regenerateReply(tenant, conversationId, "a1")).rejects.toMatchObject({ status: 409 });
    await expect(editMessage(tenant, conversationId, "q1", "changed")).rejects.toMatchObject({ status: 409 });
    await expect(switchBranch(tenant, conversationId, "q1")).rejects.toMatchObject({ status: 409 });
    expect(await texts(store)).toEqual(["hello", "The first answer."]);
    expect(await store.getBranchPoints()).toEqual([]);
  });

  it("refuses to edit the agent's message and to regenerate the person's (422), and another tenant's message is 404", async () => {
    const { tenant, conversationId } = await answered("wrong-kind");
    await expect(editMessage(tenant, conversationId, "a1", "x")).rejects.toMatchObject({ status: 422 });
    await expect(regenerateReply(tenant, conversationId, "q1")).rejects.toMatchObject({ status: 422 });
    await expect(regenerateReply(tenant, conversationId, "no-such-message")).rejects.toMatchObject({ status: 404 });
    const other = await createTenant("intruder");
    await expect(branchOut(other, conversationId, "a1")).rejects.toThrow(/was not found/);
  });

  it("branch out copies the active path up to the message into a new conversation of the organization", async () => {
    const { tenant, conversationId, store } = await answered("branch-out");
    await store.appendMessages([{ id: "q2", sender: "user", text: "later", created_at: now() }]);
    const created = await branchOut(tenant, conversationId, "a1");
    expect(created.id).not.toBe(conversationId);
    expect(created.title).toMatch(/\(branch\)$/);
    const copy = await readConversationSnapshot(tenant, created.id);
    expect(copy?.messages.map((message) => message.text)).toEqual(["hello", "The first answer."]);
    expect(await texts(store)).toEqual(["hello", "The first answer.", "later"]);
  });

  it("branch out copies the files too: the copy's messages point at its own rows, which outlive the original", async () => {
    const tenant = await createTenant("branch-files");
    const { conversation, store } = await openNewConversationStore(tenant);
    const file = await prisma.attachment.create({
      data: {
        organizationId: tenant.organizationId,
        conversationId: conversation.id,
        mediaType: "text/plain",
        size: 5,
        sha256: "0".repeat(64),
        name: "notes.txt",
        bytes: Buffer.from("notes"),
      },
    });
    const ref = { id: file.id, media_type: "text/plain", name: "notes.txt", size: 5 };
    await store.appendMessages([
      { id: "f1", sender: "user", text: "read this", attachments: [ref], created_at: now() },
      { id: "f2", sender: "agent", text: "Read.", created_at: now() },
    ]);
    const created = await branchOut(tenant, conversation.id, "f2");
    await prisma.conversation.deleteMany({ where: { id: conversation.id } });

    const copy = await readConversationSnapshot(tenant, created.id);
    const copiedRef = copy?.messages[0].attachments?.[0];
    expect(copiedRef).toMatchObject({ name: "notes.txt", size: 5 });
    expect(copiedRef?.id).not.toBe(file.id);
    const row = await prisma.attachment.findFirst({ where: { id: copiedRef!.id, conversationId: created.id } });
    expect(Buffer.from(row!.bytes!).toString()).toBe("notes");
  });
});
