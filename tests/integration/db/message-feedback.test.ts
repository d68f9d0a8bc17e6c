// Feedback on agent messages over real Postgres: the run id comes from the stored message, one row per
// person per message, and every read and write stays inside the tenant.
import { beforeAll, describe, expect, it } from "vitest";
import { Glove } from "@/lib/agent/agent";
import { deleteFeedback, listFeedback, listMyFeedback, setFeedback } from "@/lib/db/message-feedback";
import type { TenantContext } from "@/lib/db/tenant-context";
import { ScriptedModel } from "@/lib/models/testing";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { createTenant, openNewConversationStore } from "../store/support";

let tenant: TenantContext;
let other: TenantContext;
let conversationId: string;
let agentMessageId: string;
let userMessageId: string;
let runId: string;

beforeAll(async () => {
  tenant = await createTenant("feedback");
  other = await createTenant("elsewhere");
  const { conversation, store } = await openNewConversationStore(tenant);
  conversationId = conversation.id;
  const glove = new Glove({ store, model: new ScriptedModel([{ text: "The **answer**." }]), systemPrompt: "You test." }).build();
  const outcome = await glove.processRequest("A question");
  if (outcome.status !== "completed") throw new Error(`expected a completed run, got ${outcome.status}`);
  runId = outcome.runId;
  const messages = await store.getMessages();
  agentMessageId = messages.find((message) => message.sender === "agent")!.id!;
  userMessageId = messages.find((message) => message.sender === "user")!.id!;
});

async function memberOf(owner: TenantContext, label: string): Promise<TenantContext> {
  const prisma = getTestPrisma();
  const user = await prisma.user.create({ data: { email: `${label}-${owner.orgSlug}@example.test`, name: label } });
  await prisma.membership.create({ data: { organizationId: owner.organizationId, userId: user.id, role: "member" } });
  return { ...owner, userId: user.id, role: "member" };
}

describe("message feedback (Postgres)", () => {
  it("stores the rating with the run id the runtime stamped on the agent message", async () => {
    const result = await setFeedback(tenant, conversationId, agentMessageId, { rating: "down", reason: "wrong", comment: "Not so." });
    expect(result).toMatchObject({
      status: "set",
      feedback: { messageId: agentMessageId, runId, rating: "down", reason: "wrong", comment: "Not so." },
    });
  });

  it("keeps one row per person per message: setting it again updates it", async () => {
    await setFeedback(tenant, conversationId, agentMessageId, { rating: "down", reason: "unhelpful" });
    await setFeedback(tenant, conversationId, agentMessageId, { rating: "up" });
    const rows = await getTestPrisma().messageFeedback.findMany({
      where: { conversationId, messageId: agentMessageId, userId: tenant.userId },
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: "up", reason: null, comment: null });
    expect(await listMyFeedback(tenant, conversationId)).toEqual([expect.objectContaining({ messageId: agentMessageId, rating: "up" })]);
  });

  it("another person's rating of the same message is their own row", async () => {
    const member = await memberOf(tenant, "member");
    await setFeedback(member, conversationId, agentMessageId, { rating: "down", reason: "incomplete" });
    expect(await listMyFeedback(member, conversationId)).toEqual([expect.objectContaining({ rating: "down" })]);
    expect(await listMyFeedback(tenant, conversationId)).toEqual([expect.objectContaining({ rating: "up" })]);
    const page = await listFeedback(tenant, { user: member.userId, limit: 10 });
    expect(page.entries).toEqual([
      expect.objectContaining({ rating: "down", person: expect.objectContaining({ id: member.userId }), excerpt: "The **answer**." }),
    ]);
  });

  it("refuses a person's message and a message the conversation does not have", async () => {
    expect(await setFeedback(tenant, conversationId, userMessageId, { rating: "up" })).toEqual({ status: "not_agent" });
    expect(await setFeedback(tenant, conversationId, "no-such-message", { rating: "up" })).toEqual({ status: "no_message" });
  });

  it("another organization neither finds the message nor reads or deletes the feedback", async () => {
    const intruder = { ...other };
    expect(await setFeedback(intruder, conversationId, agentMessageId, { rating: "down" })).toEqual({ status: "no_message" });
    expect(await listMyFeedback(intruder, conversationId)).toEqual([]);
    expect((await listFeedback(intruder, { limit: 10 })).entries).toEqual([]);
    // The same user id under the other organization's id removes nothing.
    expect(await deleteFeedback({ organizationId: other.organizationId, userId: tenant.userId }, conversationId, agentMessageId)).toBe(
      false,
    );
    expect(await listMyFeedback(tenant, conversationId)).toHaveLength(1);
  });

  it("lists newest first, filtered by rating and dates, in keyset pages", async () => {
    const page1 = await listFeedback(tenant, { limit: 1 });
    expect(page1.entries).toHaveLength(1);
    expect(page1.nextCursor).not.toBeNull();
    const page2 = await listFeedback(tenant, { limit: 1, cursor: page1.nextCursor });
    expect(page2.entries).toHaveLength(1);
    expect(page2.entries[0].id).not.toBe(page1.entries[0].id);
    expect(page2.nextCursor).toBeNull();
    expect((await listFeedback(tenant, { rating: "up", limit: 10 })).entries.map((entry) => entry.rating)).toEqual(["up"]);
    expect((await listFeedback(tenant, { to: "2000-01-01", limit: 10 })).entries).toEqual([]);
    expect((await listFeedback(tenant, { from: new Date().toISOString().slice(0, 10), limit: 10 })).entries).toHaveLength(2);
  });

  it("deletes only the person's own rating", async () => {
    expect(await deleteFeedback(tenant, conversationId, agentMessageId)).toBe(true);
    expect(await listMyFeedback(tenant, conversationId)).toEqual([]);
    expect((await listFeedback(tenant, { limit: 10 })).entries).toHaveLength(1);
  });
});
