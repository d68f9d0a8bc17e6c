// Files for a new chat's first message over real Postgres: pending until the conversation's own
// transaction adopts them, only their uploader's, counted in the organization's total, and deleted
// by the retention purge when never sent.
import { beforeAll, describe, expect, it } from "vitest";
import { AttachmentsNotPendingError } from "@/lib/db/attachments";
import { createConversation, discardEmptyConversation } from "@/lib/db/conversations";
import { purgeDueConversations } from "@/lib/db/retention";
import type { TenantContext } from "@/lib/db/tenant-context";
import { conversationBlobs, pendingBlobs } from "@/lib/server/attachments/blob-store";
import { uploadAttachment } from "@/lib/server/attachments/upload";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { createTenant } from "../store/support";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const body = (bytes: Uint8Array | Buffer) => new Request("http://handoff.test/upload", { method: "POST", body: new Uint8Array(bytes) });
const pending = (ctx: TenantContext, name = "pixel.png") => uploadAttachment(ctx, null, body(PNG), name);

let owner: TenantContext;
let member: TenantContext;

beforeAll(async () => {
  owner = await createTenant("pending");
  const prisma = getTestPrisma();
  const user = await prisma.user.create({ data: { email: `member-${owner.orgSlug}@example.test`, name: "Member" } });
  await prisma.membership.create({ data: { userId: user.id, organizationId: owner.organizationId, role: "member" } });
  member = { userId: user.id, organizationId: owner.organizationId, orgSlug: owner.orgSlug, role: "member" };
});

const conversationCount = () => getTestPrisma().conversation.count({ where: { organizationId: owner.organizationId } });

describe("pending attachments", () => {
  it("a pending file is its uploader's alone: another member of the organization cannot read, describe or adopt it", async () => {
    const file = await pending(owner);
    expect(await pendingBlobs(owner).get(file.id)).toMatchObject({ id: file.id, media_type: "image/png", size: PNG.length });
    expect(await pendingBlobs(member).get(file.id)).toBeNull();
    expect(await pendingBlobs(member).describe([file.id])).toEqual([]);
    const before = await conversationCount();
    await expect(createConversation(member, { attachmentIds: [file.id] })).rejects.toBeInstanceOf(AttachmentsNotPendingError);
    expect(await conversationCount()).toBe(before);
  });

  it("creating the conversation adopts the files in its transaction; someone else's or an adopted id creates nothing", async () => {
    const [mine, other] = [await pending(owner, "mine.png"), await pending(owner, "other.png")];
    const theirs = await pending(member, "theirs.png");
    const before = await conversationCount();
    const refused = createConversation(owner, { attachmentIds: [mine.id, theirs.id] });
    await expect(refused).rejects.toMatchObject({ ids: [theirs.id] });
    expect(await conversationCount()).toBe(before);
    // Nothing moved: both are still pending.
    expect(await pendingBlobs(owner).describe([mine.id])).toEqual([mine]);
    expect(await pendingBlobs(member).describe([theirs.id])).toEqual([theirs]);

    const created = await createConversation(owner, { attachmentIds: [mine.id, other.id] });
    expect(await conversationBlobs(owner, created.id).describe([mine.id, other.id])).toEqual([mine, other]);
    expect(await pendingBlobs(owner).describe([mine.id])).toEqual([]);
    await expect(createConversation(owner, { attachmentIds: [mine.id] })).rejects.toMatchObject({ ids: [mine.id] });
    expect(await conversationCount()).toBe(before + 1);
  });

  it("a refused first message's conversation is discarded and its files are pending again", async () => {
    const file = await pending(owner);
    // Uploaded almost a day ago: released, it waits a whole lifetime again rather than the minutes left.
    await getTestPrisma().attachment.updateMany({ where: { id: file.id }, data: { createdAt: new Date(Date.now() - 23.9 * 60 * 60_000) } });
    const created = await createConversation(owner, { attachmentIds: [file.id] });
    await discardEmptyConversation(owner, created.id);
    expect(await getTestPrisma().conversation.findFirst({ where: { id: created.id } })).toBeNull();
    expect(await pendingBlobs(owner).describe([file.id])).toEqual([file]);
    const [row] = await getTestPrisma().attachment.findMany({ where: { id: file.id }, select: { createdAt: true } });
    expect(Date.now() - row.createdAt.getTime()).toBeLessThan(60 * 60_000);
  });

  it("pending files count toward the organization's total", async () => {
    const small = await createTenant("pending-quota");
    const quota = PNG.length * 2;
    await uploadAttachment(small, null, body(PNG), "one.png", quota);
    await uploadAttachment(small, null, body(PNG), "two.png", quota);
    await expect(uploadAttachment(small, null, body(PNG), "three.png", quota)).rejects.toMatchObject({
      status: 413,
      code: "attachment_quota_exceeded",
    });
  });

  it("the purge deletes pending files older than 24 hours, and keeps newer ones and sent ones", async () => {
    const [stale, fresh, sent] = [await pending(owner, "stale.png"), await pending(owner, "fresh.png"), await pending(owner, "sent.png")];
    await createConversation(owner, { attachmentIds: [sent.id] });
    const dayAgo = new Date(Date.now() - 25 * 60 * 60_000);
    await getTestPrisma().attachment.updateMany({ where: { id: { in: [stale.id, sent.id] } }, data: { createdAt: dayAgo } });
    const result = await purgeDueConversations();
    expect(result.pendingAttachments).toBeGreaterThanOrEqual(1);
    const left = await getTestPrisma().attachment.findMany({ where: { id: { in: [stale.id, fresh.id, sent.id] } }, select: { id: true } });
    expect(left.map((row) => row.id).sort()).toEqual([fresh.id, sent.id].sort());
  });
});
