// conversationContext / slotContext: the tenant of a conversation or card route comes from the row, for members only.
import { beforeAll, describe, expect, it } from "vitest";
import { conversationContext, slotContext } from "@/lib/db/conversation-access";
import type { TenantContext } from "@/lib/db/tenant-context";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { createTenant, openNewConversationStore } from "@/tests/integration/store/support";

let owner: TenantContext;
let stranger: TenantContext;
let memberId: string;

beforeAll(async () => {
  owner = await createTenant("access");
  stranger = await createTenant("access-other");
  const member = await getTestPrisma().user.create({ data: { email: `member-${owner.orgSlug}@example.test`, name: "member" } });
  await getTestPrisma().membership.create({ data: { userId: member.id, organizationId: owner.organizationId, role: "member" } });
  memberId = member.id;
});

describe("conversationContext", () => {
  it("a member gets the conversation's organization with their own role", async () => {
    const { conversation } = await openNewConversationStore(owner);
    expect(await conversationContext(owner.userId, conversation.id)).toEqual(owner);
    expect(await conversationContext(memberId, conversation.id)).toEqual({ userId: memberId, organizationId: owner.organizationId, orgSlug: owner.orgSlug, role: "member" });
  });

  it("null for a user of another organization and for an unknown conversation", async () => {
    const { conversation } = await openNewConversationStore(owner);
    expect(await conversationContext(stranger.userId, conversation.id)).toBeNull();
    expect(await conversationContext(owner.userId, "no-such-conversation")).toBeNull();
    expect(await conversationContext("no-such-user", conversation.id)).toBeNull();
  });

  it("slotContext: the card's conversation and tenant, for members only", async () => {
    const { conversation, store } = await openNewConversationStore(owner);
    const at = new Date().toISOString();
    await store.createRun({ id: "run-access", status: "running", created_at: at });
    await store.createSlot({
      id: `slot-${conversation.id}`, run_id: "run-access", call_id: "call-1", index: 1, kind: "wait", tool_name: "ask_preference", renderer: "ask_preference",
      props: {}, display_strategy: "stay", status: "pending", created_at: at, expires_at: null, settled_at: null,
    });
    expect(await slotContext(memberId, `slot-${conversation.id}`)).toEqual({ ctx: { userId: memberId, organizationId: owner.organizationId, orgSlug: owner.orgSlug, role: "member" }, conversationId: conversation.id });
    expect(await slotContext(stranger.userId, `slot-${conversation.id}`)).toBeNull();
    expect(await slotContext(owner.userId, "no-such-slot")).toBeNull();
  });
});
