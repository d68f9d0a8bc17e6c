// The five keys that arrive before the organization is known (an API key's and an inbox item's public id,
// an invite's and a share link's token, a Stripe customer id) resolve through the global TenantKey table:
// each lookup finds its row there; a key of organization A never opens B's row, even when B's row carries
// the same key (the composite unique allows it: TenantKey decides whose the key is); a key whose tenant row
// is gone answers as an unknown one; and creating a row whose key is already taken leaves nothing behind.
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey, findApiKeyCredential } from "@/lib/db/api-keys";
import { createConversation } from "@/lib/db/conversations";
import { organizationOfStripeCustomer, updateLockedBilling } from "@/lib/db/billing";
import { findInboxItemForLink } from "@/lib/db/inbox-links";
import { acceptInvite, createInvite, describeInvite, InviteError } from "@/lib/db/invites";
import { createShareLink, findOpenShareLink } from "@/lib/db/share-links";
import type { TenantContext } from "@/lib/db/tenant-context";
import { generateApiKey } from "@/lib/server/api-keys/key-material";
import { authenticateApiKey } from "@/lib/server/http/api-key-authenticator";
import { AppError } from "@/lib/server/http/app-error";
import { newShareToken } from "@/lib/server/shares/token";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { postInboxItem } from "@/tests/integration/support/inbox-items";
import { createTenant } from "../store/support";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const uniqueViolation = { code: "P2002" };

let a: TenantContext;
let b: TenantContext;
beforeAll(async () => {
  a = await createTenant("owner-a");
  b = await createTenant("owner-b");
});

const ownerOf = async (kind: string, key: string) =>
  (await getTestPrisma().tenantKey.findUnique({ where: { kind_key: { kind, key } } }))?.organizationId ?? null;

describe("API keys", () => {
  const newKey = (tenant: TenantContext, material = generateApiKey()) =>
    createApiKey(tenant, { name: "Worker", scopes: ["inbox:read"], expiresAt: null, ...material }).then(() => material);
  const authenticate = (key: string) =>
    authenticateApiKey(
      new Request("http://localhost/api/v1/inbox", {
        headers: { authorization: `Bearer ${key}`, "x-handoff-peer-address": "198.51.100.7" },
      }),
      new Date(),
      { keyPrefix: `tenant-keys-${Math.random().toString(36).slice(2)}`, points: 100, durationSeconds: 60 },
    );

  it("a key is found through its TenantKey, as its own organization's, even when another organization's row has the same public id", async () => {
    const material = await newKey(a);
    expect(await ownerOf("api_key", material.publicId)).toBe(a.organizationId);
    await getTestPrisma().apiKey.create({
      data: {
        organizationId: b.organizationId,
        publicId: material.publicId,
        name: "Copy",
        keyHash: material.keyHash,
        scopes: ["inbox:read"],
      },
    });
    expect((await findApiKeyCredential(material.publicId))?.organizationId).toBe(a.organizationId);
    expect((await authenticate(material.key)).tenant.organizationId).toBe(a.organizationId);
    // With A's row gone, B's row with the same public id is still not found.
    await getTestPrisma().apiKey.deleteMany({ where: { organizationId: a.organizationId, publicId: material.publicId } });
    expect(await findApiKeyCredential(material.publicId)).toBeNull();
  });

  it("a key whose row is gone is the same 401 as an unknown key", async () => {
    const material = await newKey(a);
    await getTestPrisma().apiKey.deleteMany({ where: { organizationId: a.organizationId, publicId: material.publicId } });
    expect(await ownerOf("api_key", material.publicId)).toBe(a.organizationId);
    expect(await findApiKeyCredential(material.publicId)).toBeNull();
    const dangling = await authenticate(material.key).catch((error: unknown) => error);
    const unknown = await authenticate(generateApiKey().key).catch((error: unknown) => error);
    expect(dangling).toBeInstanceOf(AppError);
    expect(dangling).toMatchObject({ status: 401, code: (unknown as AppError).code, message: (unknown as AppError).message });
  });

  it("creating a key whose public id another organization holds fails and stores nothing", async () => {
    const material = generateApiKey();
    await getTestPrisma().tenantKey.create({ data: { kind: "api_key", key: material.publicId, organizationId: b.organizationId } });
    await expect(newKey(a, material)).rejects.toMatchObject(uniqueViolation);
    expect(await getTestPrisma().apiKey.count({ where: { publicId: material.publicId } })).toBe(0);
    expect(await getTestPrisma().auditLog.count({ where: { metadata: { path: ["publicId"], equals: material.publicId } } })).toBe(0);
    expect(await ownerOf("api_key", material.publicId)).toBe(b.organizationId);
  });
});

describe("inbox items", () => {
  it("a posted item's public id is claimed as it is stored; its link finds it, never another organization's row", async () => {
    const { publicId } = await postInboxItem(a);
    expect(await ownerOf("inbox_item", publicId)).toBe(a.organizationId);
    const other = await postInboxItem(b);
    await getTestPrisma().inboxItem.updateMany({
      where: { organizationId: b.organizationId, publicId: other.publicId },
      data: { publicId },
    });
    expect(await findInboxItemForLink(publicId)).toMatchObject({ organizationId: a.organizationId, publicId });
    await getTestPrisma().inboxItem.deleteMany({ where: { organizationId: a.organizationId, publicId } });
    expect(await findInboxItemForLink(publicId)).toBeNull();
  });

  it("an item deleted with its conversation leaves its key dangling, and the link then finds nothing (404)", async () => {
    const { publicId, store } = await postInboxItem(a);
    const [item] = await store.getInboxItems();
    const { conversationId } = await getTestPrisma().inboxItem.findFirstOrThrow({ where: { organizationId: a.organizationId, publicId } });
    await getTestPrisma().conversation.delete({ where: { organizationId_id: { organizationId: a.organizationId, id: conversationId } } });
    expect(item.public_id).toBe(publicId);
    expect(await ownerOf("inbox_item", publicId)).toBe(a.organizationId);
    expect(await findInboxItemForLink(publicId)).toBeNull();
  });

  it("an item whose generated public id is already claimed is not stored", async () => {
    const db = getTestPrisma();
    const taken = `inb_taken${Date.now()}`;
    await db.tenantKey.create({ data: { kind: "inbox_item", key: taken, organizationId: b.organizationId } });
    // The database generates the id: make it generate the taken one (this file's own database).
    await db.$executeRawUnsafe(`ALTER TABLE "InboxItem" ALTER COLUMN "publicId" SET DEFAULT '${taken}'`);
    try {
      await expect(postInboxItem(a)).rejects.toMatchObject(uniqueViolation);
    } finally {
      await db.$executeRawUnsafe(
        `ALTER TABLE "InboxItem" ALTER COLUMN "publicId" SET DEFAULT ('inb_'::text || replace((gen_random_uuid())::text, '-'::text, ''::text))`,
      );
    }
    expect(await db.inboxItem.count({ where: { publicId: taken } })).toBe(0);
    expect(
      await db.outboxEvent.count({ where: { type: "inbox.item.created", payload: { path: ["data", "item", "id"], equals: taken } } }),
    ).toBe(0);
  });
});

describe("invites", () => {
  it("an invite link opens its own organization's invite, even when another organization's row has the same token", async () => {
    const { invite, token } = await createInvite(a, "new-a@example.test", "member");
    expect(await ownerOf("invite", sha256(token))).toBe(a.organizationId);
    await getTestPrisma().invite.create({
      data: {
        organizationId: b.organizationId,
        email: "new-a@example.test",
        tokenHash: sha256(token),
        createdById: b.userId,
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    expect(await describeInvite(token)).toMatchObject({ email: invite.email, status: "open", organization: { slug: a.orgSlug } });
    const user = await getTestPrisma().user.create({ data: { email: "new-a@example.test", name: "New" } });
    expect(await acceptInvite(token, { id: user.id, email: user.email })).toMatchObject({ organization: { slug: a.orgSlug } });
    expect(await getTestPrisma().membership.count({ where: { userId: user.id, organizationId: a.organizationId } })).toBe(1);
    expect(await getTestPrisma().membership.count({ where: { userId: user.id, organizationId: b.organizationId } })).toBe(0);
    expect(await describeInvite(token)).toMatchObject({ status: "accepted" });
    await getTestPrisma().invite.delete({ where: { organizationId_id: { organizationId: a.organizationId, id: invite.id } } });
    expect(await describeInvite(token)).toBeNull();
  });

  it("an invite whose row is gone answers as an unknown token", async () => {
    const { invite, token } = await createInvite(a, "gone@example.test", "member");
    await getTestPrisma().invite.delete({ where: { organizationId_id: { organizationId: a.organizationId, id: invite.id } } });
    expect(await ownerOf("invite", sha256(token))).toBe(a.organizationId);
    expect(await describeInvite(token)).toBeNull();
    const user = await getTestPrisma().user.create({ data: { email: "gone@example.test", name: "Gone" } });
    const refused = await acceptInvite(token, { id: user.id, email: user.email }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(InviteError);
    expect(refused).toMatchObject({ reason: "invalid" });
  });
});

describe("share links", () => {
  const newLink = async (tenant: TenantContext, conversationId: string, tokenHash: string) =>
    createShareLink(tenant, conversationId, {
      tokenHash,
      tokenPrefix: "abc",
      audience: "public",
      mode: "live",
      peopleIds: [],
      expiresAt: null,
    });

  it("a token opens its own organization's link, even when another organization's row has the same hash", async () => {
    const { tokenHash } = newShareToken();
    const mine = await createConversation(a);
    await newLink(a, mine.id, tokenHash);
    expect(await ownerOf("share_link", tokenHash)).toBe(a.organizationId);
    const theirs = await createConversation(b);
    await getTestPrisma().shareLink.create({
      data: {
        organizationId: b.organizationId,
        conversationId: theirs.id,
        tokenHash,
        tokenPrefix: "abc",
        audience: "public",
        mode: "live",
        createdById: b.userId,
      },
    });
    expect(await findOpenShareLink(tokenHash)).toMatchObject({ organizationId: a.organizationId, conversationId: mine.id });
    await getTestPrisma().shareLink.deleteMany({ where: { organizationId: a.organizationId, tokenHash } });
    expect(await findOpenShareLink(tokenHash)).toBeNull();
  });

  it("a link deleted with its conversation leaves its key dangling, and the token then opens nothing", async () => {
    const { tokenHash } = newShareToken();
    const conversation = await createConversation(a);
    await newLink(a, conversation.id, tokenHash);
    await getTestPrisma().conversation.delete({ where: { organizationId_id: { organizationId: a.organizationId, id: conversation.id } } });
    expect(await ownerOf("share_link", tokenHash)).toBe(a.organizationId);
    expect(await findOpenShareLink(tokenHash)).toBeNull();
  });

  it("creating a link whose token another organization holds fails and stores nothing", async () => {
    const { tokenHash } = newShareToken();
    await getTestPrisma().tenantKey.create({ data: { kind: "share_link", key: tokenHash, organizationId: b.organizationId } });
    const conversation = await createConversation(a);
    await expect(newLink(a, conversation.id, tokenHash)).rejects.toMatchObject(uniqueViolation);
    expect(await getTestPrisma().shareLink.count({ where: { tokenHash } })).toBe(0);
    expect(
      await getTestPrisma().auditLog.count({
        where: { organizationId: a.organizationId, action: "share.created", target: conversation.id },
      }),
    ).toBe(0);
  });
});

describe("Stripe customers", () => {
  const storeCustomer = (tenant: TenantContext, customer: string) =>
    getTestPrisma().$transaction((tx) => updateLockedBilling(tx, tenant.organizationId, () => ({ stripeCustomerId: customer })));

  it("the webhook finds the organization that stored the customer, even when another organization's row names it too", async () => {
    const tenant = await createTenant("customer-a");
    await storeCustomer(tenant, "cus_owned_by_a");
    expect(await ownerOf("stripe_customer", "cus_owned_by_a")).toBe(tenant.organizationId);
    const other = await createTenant("customer-b");
    await getTestPrisma().organizationBilling.create({
      data: { organizationId: other.organizationId, stripeCustomerId: "cus_owned_by_a" },
    });
    expect(await organizationOfStripeCustomer("cus_owned_by_a")).toBe(tenant.organizationId);
    await getTestPrisma().organizationBilling.update({
      where: { organizationId: tenant.organizationId },
      data: { stripeCustomerId: null },
    });
    expect(await organizationOfStripeCustomer("cus_owned_by_a")).toBeNull();
  });

  it("a customer whose billing row no longer names it answers as an unknown customer", async () => {
    const tenant = await createTenant("customer-gone");
    await storeCustomer(tenant, "cus_gone");
    await getTestPrisma().organizationBilling.update({
      where: { organizationId: tenant.organizationId },
      data: { stripeCustomerId: null },
    });
    expect(await ownerOf("stripe_customer", "cus_gone")).toBe(tenant.organizationId);
    expect(await organizationOfStripeCustomer("cus_gone")).toBeNull();
    expect(await organizationOfStripeCustomer("cus_never_seen")).toBeNull();
  });

  it("storing a customer another organization holds fails and changes nothing", async () => {
    const owner = await createTenant("customer-owner");
    await storeCustomer(owner, "cus_taken");
    const tenant = await createTenant("customer-late");
    await expect(storeCustomer(tenant, "cus_taken")).rejects.toMatchObject(uniqueViolation);
    expect(await getTestPrisma().organizationBilling.findUnique({ where: { organizationId: tenant.organizationId } })).toBeNull();
    expect(await organizationOfStripeCustomer("cus_taken")).toBe(owner.organizationId);
  });
});
