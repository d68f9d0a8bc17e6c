// Attachments over real Postgres: limits per file and per organization, tenant isolation of ids, the
// model getting the bytes while the history keeps only references, and the cascade on delete.
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { Glove } from "@/lib/agent/agent";
import type { TenantContext } from "@/lib/db/tenant-context";
import { ScriptedModel } from "@/lib/models/testing";
import { conversationBlobs, conversationBytes } from "@/lib/server/attachments/blob-store";
import { withAttachmentContent } from "@/lib/server/attachments/model-content";
import { resolveAttachments } from "@/lib/server/attachments/resolve";
import { uploadAttachment } from "@/lib/server/attachments/upload";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { createTenant, openNewConversationStore } from "../store/support";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const body = (bytes: Uint8Array | Buffer) => new Request("http://handoff.test/upload", { method: "POST", body: new Uint8Array(bytes) });

let tenant: TenantContext;
let other: TenantContext;
let conversationId: string;
let otherConversationId: string;

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant("files"), createTenant("others")]);
  conversationId = (await openNewConversationStore(tenant)).conversation.id;
  otherConversationId = (await openNewConversationStore(other)).conversation.id;
});

describe("attachments (Postgres)", () => {
  it("stores a file with the type detected from its bytes, its size and sha256", async () => {
    const view = await uploadAttachment(tenant, conversationId, body(PNG), "notes.txt");
    expect(view).toEqual({ id: expect.any(String), media_type: "image/png", name: "notes.txt", size: PNG.length });
    const row = await getTestPrisma().attachment.findFirstOrThrow({ where: { id: view.id } });
    expect(row).toMatchObject({ organizationId: tenant.organizationId, uploadedById: tenant.userId, mediaType: "image/png" });
    expect(row.sha256).toBe(createHash("sha256").update(PNG).digest("hex"));
    expect(Buffer.from(row.bytes!).equals(PNG)).toBe(true);
  });

  it("refuses a file over its kind's limit (413) and an organization over its total (413 with what is used)", async () => {
    const bigText = new TextEncoder().encode("a".repeat(1024 * 1024 + 1));
    await expect(uploadAttachment(tenant, conversationId, body(bigText), "big.txt")).rejects.toMatchObject({
      status: 413,
      code: "file_too_large",
      message: expect.stringContaining("A text file may be at most 1 MB"),
    });
    const small = await createTenant("quota");
    const { conversation } = await openNewConversationStore(small);
    const quota = PNG.length * 2;
    await uploadAttachment(small, conversation.id, body(PNG), "one.png", quota);
    await uploadAttachment(small, conversation.id, body(PNG), "two.png", quota);
    await expect(uploadAttachment(small, conversation.id, body(PNG), "three.png", quota)).rejects.toMatchObject({
      status: 413,
      code: "attachment_quota_exceeded",
      details: { used_bytes: quota, quota_bytes: quota },
    });
    // Another organization's files do not count against this one's total.
    await expect(uploadAttachment(other, otherConversationId, body(PNG), "mine.png", quota)).resolves.toMatchObject({ size: PNG.length });
  });

  it("another organization's attachment id, or another conversation's, is 404 when sent and unreadable", async () => {
    const theirs = await uploadAttachment(other, otherConversationId, body(PNG), "secret.png");
    await expect(resolveAttachments(tenant, conversationId, [theirs.id])).rejects.toMatchObject({
      status: 404,
      details: { attachment_ids: [theirs.id] },
    });
    expect(await conversationBlobs(tenant, otherConversationId).get(theirs.id)).toBeNull();
    const sibling = (await openNewConversationStore(tenant)).conversation.id;
    const elsewhere = await uploadAttachment(tenant, sibling, body(PNG), "elsewhere.png");
    await expect(resolveAttachments(tenant, conversationId, [elsewhere.id])).rejects.toMatchObject({ status: 404 });
    expect(await conversationBlobs(tenant, conversationId).get(elsewhere.id)).toBeNull();
  });

  it("the model gets the bytes; the stored message keeps only the reference", async () => {
    const { conversation, store } = await openNewConversationStore(tenant);
    const file = await uploadAttachment(tenant, conversation.id, body(PNG), "pixel.png");
    const notes = await uploadAttachment(tenant, conversation.id, body(new TextEncoder().encode("- milk\n- eggs")), "list.md");
    const attachments = await resolveAttachments(tenant, conversation.id, [file.id, notes.id]);
    const scripted = new ScriptedModel([{ text: "A pixel and a list." }]);
    const model = withAttachmentContent(scripted, conversationBytes(tenant.organizationId, conversation.id));
    const glove = new Glove({ store, model, systemPrompt: "You test." }).build();
    expect((await glove.processRequest("What are these?", { attachments })).status).toBe("completed");

    const sent = scripted.requests[0].messages.at(-1)!;
    expect(sent.images).toEqual([{ media_type: "image/png", data: PNG.toString("base64") }]);
    expect(sent.text).toBe('What are these?\n\nAttached file "list.md":\n```\n- milk\n- eggs\n```');
    const [stored] = await store.getMessages();
    expect(stored).toMatchObject({ sender: "user", text: "What are these?", attachments });
    expect(stored.images).toBeUndefined();
    expect(JSON.stringify(stored)).not.toContain(PNG.toString("base64"));
  });

  it("deleting the conversation deletes its files", async () => {
    const { conversation } = await openNewConversationStore(tenant);
    const file = await uploadAttachment(tenant, conversation.id, body(PNG), "gone.png");
    await getTestPrisma().conversation.deleteMany({ where: { id: conversation.id } });
    expect(await getTestPrisma().attachment.findFirst({ where: { id: file.id } })).toBeNull();
  });
});
