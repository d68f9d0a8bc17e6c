// ATTACHMENT_STORE=s3 with the real @aws-sdk/client-s3 against a loopback fake (tests/support/fake-s3.ts):
// the rows keep the metadata and a storage key, the bytes are objects; reading, removing, purging
// and sweeping keep the bucket and the rows in step.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConversation, deleteConversation } from "@/lib/db/conversations";
import { purgeDueConversations, RESTORE_WINDOW_MS } from "@/lib/db/retention";
import type { TenantContext } from "@/lib/db/tenant-context";
import { conversationBlobs, conversationBytes } from "@/lib/server/attachments/blob-store";
import { fileResponse } from "@/lib/server/attachments/file-response";
import { removePendingAttachment } from "@/lib/server/attachments/remove-pending";
import { ORPHAN_GRACE_MS, sweepAttachmentObjects } from "@/lib/server/attachments/sweep";
import { uploadAttachment } from "@/lib/server/attachments/upload";
import { startFakeS3, type FakeS3 } from "@/tests/support/fake-s3";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { createTenant } from "../store/support";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const body = (bytes: Uint8Array | Buffer) => new Request("http://handoff.test/upload", { method: "POST", body: new Uint8Array(bytes) });

let s3: FakeS3;
let tenant: TenantContext;
const saved = { ...process.env };

function useBucket(accessKeyId: string) {
  Object.assign(process.env, {
    ATTACHMENT_STORE: "s3",
    S3_ENDPOINT: s3.url,
    S3_REGION: "eu-central-1",
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: accessKeyId,
    S3_SECRET_ACCESS_KEY: "fake-secret",
    S3_FORCE_PATH_STYLE: "1",
  });
}

beforeAll(async () => {
  s3 = await startFakeS3();
  useBucket(s3.accessKeyId);
  tenant = await createTenant("bucket");
});
afterAll(async () => {
  process.env = saved;
  await s3.close();
});

describe("attachments in an S3-compatible bucket", () => {
  it("an upload is an object under {organizationId}/{attachmentId}, signed with the access key; the row has no bytes", async () => {
    const { id: conversationId } = await createConversation(tenant);
    const view = await uploadAttachment(tenant, conversationId, body(PNG), "pixel.png");
    const key = `${tenant.organizationId}/${view.id}`;
    expect(s3.objects.get(key)?.bytes.equals(PNG)).toBe(true);
    expect(s3.objects.get(key)?.contentType).toBe("image/png");
    expect(s3.requests.at(-1)).toMatchObject({ method: "PUT", path: `/${s3.bucket}/${key}`, signedWithKey: true });
    const row = await getTestPrisma().attachment.findFirstOrThrow({ where: { id: view.id } });
    expect(row).toMatchObject({ bytes: null, storageKey: key, size: PNG.length, mediaType: "image/png" });

    // What the GET route answers, and what a model call reads.
    const response = fileResponse((await conversationBlobs(tenant, conversationId).get(view.id))!);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
    const read = await conversationBytes(tenant.organizationId, conversationId)([view.id]);
    expect(Buffer.from(read.get(view.id)!.bytes).equals(PNG)).toBe(true);
  });

  it("a row whose object is missing reads as no file", async () => {
    const { id: conversationId } = await createConversation(tenant);
    const view = await uploadAttachment(tenant, conversationId, body(PNG), "lost.png");
    s3.objects.delete(`${tenant.organizationId}/${view.id}`);
    expect(await conversationBlobs(tenant, conversationId).get(view.id)).toBeNull();
  });

  it("a request signed with another access key is refused by the bucket, and no row is written", async () => {
    const { id: conversationId } = await createConversation(tenant);
    useBucket("AKIASOMEONEELSE");
    try {
      await expect(uploadAttachment(tenant, conversationId, body(PNG), "refused.png")).rejects.toThrow();
    } finally {
      useBucket(s3.accessKeyId);
    }
    expect(await getTestPrisma().attachment.count({ where: { conversationId } })).toBe(0);
  });

  it("removing a pending file deletes its object", async () => {
    const view = await uploadAttachment(tenant, null, body(PNG), "pending.png");
    const key = `${tenant.organizationId}/${view.id}`;
    expect(s3.objects.has(key)).toBe(true);
    expect(await removePendingAttachment(tenant, view.id)).toBe(true);
    expect(s3.objects.has(key)).toBe(false);
  });

  it("deleting a conversation deletes its objects once the purge has removed its rows", async () => {
    const { id: conversationId } = await createConversation(tenant);
    const view = await uploadAttachment(tenant, conversationId, body(PNG), "gone.png");
    const key = `${tenant.organizationId}/${view.id}`;
    await deleteConversation(tenant, conversationId, null, new Date(Date.now() - RESTORE_WINDOW_MS - 60_000));
    // Restorable until the purge: the object stays with its row.
    expect(await sweepAttachmentObjects([])).toBe(0);
    expect(s3.objects.has(key)).toBe(true);
    const result = await purgeDueConversations();
    expect(result.storageKeys).toContain(key);
    await sweepAttachmentObjects(result.storageKeys);
    expect(s3.objects.has(key)).toBe(false);
  });

  it("the sweep deletes objects no row names once past the grace period, never one a row names or an upload in flight", async () => {
    const { id: conversationId } = await createConversation(tenant);
    const live = await uploadAttachment(tenant, conversationId, body(PNG), "live.png");
    const liveKey = `${tenant.organizationId}/${live.id}`;
    const old = new Date(Date.now() - ORPHAN_GRACE_MS - 60_000);
    s3.objects.get(liveKey)!.lastModified = old;
    s3.objects.set(`${tenant.organizationId}/orphan`, { bytes: PNG, contentType: "image/png", lastModified: old });
    s3.objects.set(`${tenant.organizationId}/in-flight`, { bytes: PNG, contentType: "image/png", lastModified: new Date() });
    expect(await sweepAttachmentObjects([])).toBe(1);
    expect(s3.objects.has(`${tenant.organizationId}/orphan`)).toBe(false);
    expect(s3.objects.has(`${tenant.organizationId}/in-flight`)).toBe(true);
    expect(s3.objects.has(liveKey)).toBe(true);
  });
});
