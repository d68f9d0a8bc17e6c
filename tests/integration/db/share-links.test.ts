// Share links over real Postgres: only the token's hash is stored, a snapshot never shows later
// messages or answers, expired and revoked links open nothing, the audience is checked per view,
// a snapshot keeps the version it was made of, and a copy lands in the copier's organization as
// plain messages.
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Message } from "@/lib/agent/messages";
import { readConversationExport } from "@/lib/db/conversation-export";
import { revokeShareLink } from "@/lib/db/share-links";
import type { TenantContext } from "@/lib/db/tenant-context";
import { copyShare } from "@/lib/server/shares/copy-share";
import { createShare } from "@/lib/server/shares/manage-shares";
import { openShare } from "@/lib/server/shares/open-share";
import { sharedConversation } from "@/lib/server/shares/shared-conversation";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { createTenant, openNewConversationStore } from "../store/support";

const ORIGIN = "http://handoff.test";
let owner: TenantContext;
let member: TenantContext;
let stranger: TenantContext;
let conversationId: string;
let appendMessages: (messages: Message[]) => Promise<void>;

async function memberOf(team: TenantContext, label: string): Promise<TenantContext> {
  const prisma = getTestPrisma();
  const user = await prisma.user.create({ data: { email: `${label}-${team.orgSlug}@example.test`, name: label } });
  await prisma.membership.create({ data: { organizationId: team.organizationId, userId: user.id, role: "member" } });
  return { ...team, userId: user.id, role: "member" };
}

const tokenOf = (url: string) => url.slice(`${ORIGIN}/share/`.length);
const share = (ctx: TenantContext, input: Partial<Parameters<typeof createShare>[2]> = {}) =>
  createShare(
    { ...ctx, ip: "local" },
    conversationId,
    { audience: "public", mode: "snapshot", expiresInDays: null, people: [], ...input },
    ORIGIN,
  );

beforeAll(async () => {
  owner = await createTenant("sharer");
  member = await memberOf(owner, "colleague");
  stranger = await createTenant("stranger");
  const { conversation, store } = await openNewConversationStore(owner);
  conversationId = conversation.id;
  appendMessages = (messages) => store.appendMessages(messages);
  await appendMessages([
    { id: "u1", sender: "user", text: "Help me choose between tea and coffee" },
    { id: "a1", sender: "agent", text: "Let me ask you.", tool_calls: [{ id: "call-1", tool_name: "ask_preference", input_args: {} }] },
  ]);
  const storeRow = await getTestPrisma().agentStore.findFirstOrThrow({ where: { conversationId, namespace: "" } });
  await getTestPrisma().slot.create({
    data: {
      storeId: storeRow.id,
      id: "slot-1",
      organizationId: owner.organizationId,
      conversationId,
      runId: "run-1",
      callId: "call-1",
      index: 1,
      kind: "wait",
      toolName: "ask_preference",
      renderer: "ask_preference",
      props: { question: "Which one do you prefer?", options: ["tea", "coffee"] },
      displayStrategy: "stay",
      status: "pending",
      createdAt: new Date(),
    },
  });
});

describe("share links (Postgres)", () => {
  it("stores only the token's SHA-256 and a short prefix; the token opens the link", async () => {
    const created = await share(owner);
    const token = tokenOf(created.url);
    const row = await getTestPrisma().shareLink.findFirstOrThrow({ where: { id: created.share.id } });
    expect(row.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(Object.values(row).map(String).join(" ")).not.toContain(token);
    expect(created.share.tokenPrefix).toBe(token.slice(0, 6));
    expect((await openShare(token, null)).ok).toBe(true);
    expect((await openShare(`${token}x`, null)).ok).toBe(false);
  });

  it("a snapshot shows the card waiting with no answer from later, and never a later message; a live link shows both", async () => {
    const snapshot = await share(owner, { mode: "snapshot" });
    const live = await share(owner, { mode: "live" });
    await getTestPrisma().slot.updateMany({
      where: { id: "slot-1", conversationId },
      data: { status: "resolved", value: { choice: "tea" }, settledAt: new Date(Date.now() + 1000) },
    });
    await appendMessages([{ id: "a2", sender: "agent", text: "You chose tea." }]);

    const opened = await openShare(tokenOf(snapshot.url), null);
    if (!opened.ok) throw new Error("the snapshot should open");
    const pinned = await sharedConversation(opened.share, null);
    expect(pinned.entries).toEqual([
      { kind: "user", text: "Help me choose between tea and coffee" },
      { kind: "agent", text: "Let me ask you.", stopped: false },
      { kind: "card", question: "Which one do you prefer?", status: "waiting", answer: null },
    ]);
    expect(pinned.canCopy).toBe(false);

    const openedLive = await openShare(tokenOf(live.url), member.userId);
    if (!openedLive.ok) throw new Error("the live link should open");
    const current = await sharedConversation(openedLive.share, member.userId);
    expect(current.entries.slice(2)).toEqual([
      { kind: "card", question: "Which one do you prefer?", status: "answered", answer: "tea" },
      { kind: "agent", text: "You chose tea.", stopped: false },
    ]);
    expect(current.canCopy).toBe(true);
  });

  it("with versions: a snapshot keeps the version shown when it was made; a live link and the export follow the shown one", async () => {
    const { conversation, store } = await openNewConversationStore(owner);
    await store.appendMessages([
      { id: "v-u1", sender: "user", text: "Name a colour" },
      { id: "v-a1", sender: "agent", text: "Blue." },
    ]);
    const input = { audience: "public" as const, expiresInDays: null, people: [] };
    const snapshot = await createShare({ ...owner, ip: "local" }, conversation.id, { ...input, mode: "snapshot" }, ORIGIN);
    const live = await createShare({ ...owner, ip: "local" }, conversation.id, { ...input, mode: "live" }, ORIGIN);
    // A regenerate: a new run moves the leaf back to the question, and the new reply is the first one's sibling.
    expect(await store.createRun({ id: "run-regenerate", status: "running", created_at: new Date().toISOString() }, { leaf: "v-u1" })).toBe(
      true,
    );
    await store.appendMessages([{ id: "v-a2", sender: "agent", text: "Green." }]);
    await store.transitionRun("run-regenerate", ["running"], "completed");

    const textsOf = async (url: string) => {
      const opened = await openShare(tokenOf(url), null);
      if (!opened.ok) throw new Error("the link should open");
      return (await sharedConversation(opened.share, null)).entries.map((entry) => ("text" in entry ? entry.text : entry.kind));
    };
    expect(await textsOf(snapshot.url)).toEqual(["Name a colour", "Blue."]);
    expect(await textsOf(live.url)).toEqual(["Name a colour", "Green."]);
    const exported = await readConversationExport(owner, conversation.id);
    expect(exported?.messages.map((message) => message.text)).toEqual(["Name a colour", "Green."]);
  });

  it("a public link only by the conversation's creator or an admin: another member gets 403 and may still share inside", async () => {
    await expect(share(member, { audience: "public" })).rejects.toMatchObject({ status: 403 });
    expect((await share(member, { audience: "organization" })).url).toContain("/share/");
  });

  it("a deleted conversation's links open nothing, even while its delete can still be undone", async () => {
    const { conversation, store } = await openNewConversationStore(owner);
    await store.appendMessages([{ id: "d-u1", sender: "user", text: "Soon gone" }]);
    const link = await createShare(
      { ...owner, ip: "local" },
      conversation.id,
      { audience: "public", mode: "live", expiresInDays: null, people: [] },
      ORIGIN,
    );
    expect((await openShare(tokenOf(link.url), null)).ok).toBe(true);
    await getTestPrisma().conversation.updateMany({ where: { id: conversation.id }, data: { deletedAt: new Date() } });
    expect((await openShare(tokenOf(link.url), null)).ok).toBe(false);
  });

  it("an expired link opens nothing, like an unknown one", async () => {
    const created = await share(owner, { expiresInDays: 1 });
    await getTestPrisma().shareLink.updateMany({ where: { id: created.share.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await openShare(tokenOf(created.url), owner.userId)).toEqual({ ok: false, reason: "not_found" });
  });

  it("revoking: another member may not, the creator may (audited once), and the link opens nothing after", async () => {
    const created = await share(owner);
    expect(await revokeShareLink(member, conversationId, created.share.id)).toEqual({ status: "forbidden" });
    expect(await revokeShareLink(stranger, conversationId, created.share.id)).toEqual({ status: "not_found" });
    expect((await revokeShareLink(owner, conversationId, created.share.id)).status).toBe("revoked");
    expect((await revokeShareLink(owner, conversationId, created.share.id)).status).toBe("revoked");
    expect(await openShare(tokenOf(created.url), null)).toEqual({ ok: false, reason: "not_found" });
    const audit = await getTestPrisma().auditLog.findMany({
      where: {
        organizationId: owner.organizationId,
        action: { in: ["share.created", "share.revoked"] },
        metadata: { path: ["shareId"], equals: created.share.id },
      },
    });
    expect(audit.map((entry) => entry.action).sort()).toEqual(["share.created", "share.revoked"]);
  });

  it("a member's own link can be revoked by an admin", async () => {
    const created = await share(member, { audience: "organization" });
    expect((await revokeShareLink(owner, conversationId, created.share.id)).status).toBe("revoked");
  });

  it("audience people: the person picked, signed in; not another member, not signed out, not a stranger", async () => {
    const other = await memberOf(owner, "bystander");
    const created = await share(owner, { audience: "people", people: [member.userId] });
    const token = tokenOf(created.url);
    expect((await openShare(token, member.userId)).ok).toBe(true);
    expect(await openShare(token, other.userId)).toEqual({ ok: false, reason: "not_found" });
    expect(await openShare(token, null)).toEqual({ ok: false, reason: "sign_in" });
    expect(created.share.people).toEqual([{ userId: member.userId, name: "colleague" }]);
    await expect(share(owner, { audience: "people", people: [stranger.userId] })).rejects.toMatchObject({ status: 422 });
  });

  it("audience organization: members only; a member who leaves loses it at once", async () => {
    const leaver = await memberOf(owner, "leaver");
    const token = tokenOf((await share(owner, { audience: "organization" })).url);
    expect((await openShare(token, leaver.userId)).ok).toBe(true);
    expect(await openShare(token, stranger.userId)).toEqual({ ok: false, reason: "not_found" });
    await getTestPrisma().membership.deleteMany({ where: { userId: leaver.userId, organizationId: owner.organizationId } });
    expect(await openShare(token, leaver.userId)).toEqual({ ok: false, reason: "not_found" });
  });

  it("continue as my copy: a public link's copy lands in the copier's organization as plain messages", async () => {
    const opened = await openShare(tokenOf((await share(owner, { mode: "live" })).url), stranger.userId);
    if (!opened.ok) throw new Error("a public link should open");
    const copy = await copyShare(opened.share, { userId: stranger.userId, ip: "local" });
    expect(copy.url).toBe(`/${stranger.orgSlug}/c/${copy.conversationId}`);
    const conversation = await getTestPrisma().conversation.findFirstOrThrow({
      where: { id: copy.conversationId },
      include: { stores: { include: { messages: { orderBy: { seq: "asc" } } } } },
    });
    expect(conversation).toMatchObject({ organizationId: stranger.organizationId, createdById: stranger.userId });
    expect(conversation.stores[0].messages.map((message) => [message.sender, message.text, message.toolCalls])).toEqual([
      ["user", "Help me choose between tea and coffee", null],
      ["agent", "Let me ask you.\n\n> Which one do you prefer?\n\nAnswer: tea\n\nYou chose tea.", null],
    ]);
  });
});
