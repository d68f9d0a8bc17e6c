// conversationContext / slotContext / countAndReadTurnStart: the tenant of a conversation or card route comes from the row, for members only.
import { beforeAll, describe, expect, it } from "vitest";
import { getAgentSettings, saveAgentSettings } from "@/lib/db/agent-settings";
import { conversationContext, slotContext } from "@/lib/db/conversation-access";
import { createConnector, setConnectorTool } from "@/lib/db/connectors";
import { PostgresStore } from "@/lib/db/postgres-store";
import { isSessionCurrent, revokeSession, sessionVersionOf, type SessionKey } from "@/lib/db/sessions";
import { countAndReadTurnStart } from "@/lib/db/turn-start";
import type { TenantContext } from "@/lib/db/tenant-context";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { createTenant, openNewConversationStore, pendingSlot } from "@/tests/integration/store/support";

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
    expect(await conversationContext(memberId, conversation.id)).toEqual({
      userId: memberId,
      organizationId: owner.organizationId,
      orgSlug: owner.orgSlug,
      role: "member",
    });
  });

  it("null for a user of another organization and for an unknown conversation", async () => {
    const { conversation } = await openNewConversationStore(owner);
    expect(await conversationContext(stranger.userId, conversation.id)).toBeNull();
    expect(await conversationContext(owner.userId, "no-such-conversation")).toBeNull();
    expect(await conversationContext("no-such-user", conversation.id)).toBeNull();
  });

  it("slotContext: the card's conversation and tenant, for members only", async () => {
    const { conversation, store } = await openNewConversationStore(owner);
    await store.createRun({ id: "run-access", status: "running", created_at: new Date().toISOString() });
    await store.createSlot(pendingSlot(`slot-${conversation.id}`, "run-access", "call-1"));
    expect(await slotContext(memberId, `slot-${conversation.id}`)).toEqual({
      ctx: { userId: memberId, organizationId: owner.organizationId, orgSlug: owner.orgSlug, role: "member" },
      conversationId: conversation.id,
    });
    expect(await slotContext(stranger.userId, `slot-${conversation.id}`)).toBeNull();
    expect(await slotContext(owner.userId, "no-such-slot")).toBeNull();
  });
});

describe("countAndReadTurnStart's turn start (its counters: tests/integration/db/rate-counters.test.ts)", () => {
  const LEASE_MS = 30_000;
  const NOTHING_COUNTED = { userKey: null, organizationKeyPrefix: null, durationMs: 60_000, nowMs: Date.now() };
  const readTurnStart = async (userId: string, conversationId: string, leaseMs: number, session?: SessionKey) =>
    (await countAndReadTurnStart(userId, conversationId, leaseMs, session, NOTHING_COUNTED)).turn;

  it("brings what a message's run needs: tenant, event position, store and settings, for members only", async () => {
    const { conversation } = await openNewConversationStore(owner);
    const fresh = await readTurnStart(memberId, conversation.id, LEASE_MS);
    expect(fresh).toMatchObject({
      ctx: { userId: memberId, organizationId: owner.organizationId, orgSlug: owner.orgSlug, role: "member" },
      lastEventSeq: 0,
      expiredRun: false,
      settings: null,
    });
    // The store id it brings is the one PostgresStore.open finds.
    expect(fresh?.storeId).toBeTruthy();
    const opened = await PostgresStore.open(getTestPrisma(), { organizationId: owner.organizationId, conversationId: conversation.id });
    await opened.appendMessages([{ id: "via-open", sender: "user", text: "hi" }]);
    expect(
      await PostgresStore.ofKnownStore(
        getTestPrisma(),
        { organizationId: owner.organizationId, conversationId: conversation.id },
        fresh!.storeId!,
      ).getMessages(),
    ).toHaveLength(1);

    await saveAgentSettings(owner, {
      name: "Scout",
      systemPrompt: "Be brief.",
      modelConfig: { provider: "demo" },
      enabledTools: ["send_email"],
      permissionPolicy: { send_email: "allow" },
      slotTtlMinutes: 5,
      requestTokenBudget: null,
      providerKeySealed: "v1.sealed",
    });
    expect((await readTurnStart(owner.userId, conversation.id, LEASE_MS))?.settings).toEqual(await getAgentSettings(owner));

    expect(await readTurnStart(stranger.userId, conversation.id, LEASE_MS)).toBeNull();
    expect(await readTurnStart(owner.userId, "no-such-conversation", LEASE_MS)).toBeNull();
  });

  it("brings the prompt's facts about the writer and whether the team has tools of its own, so the agent reads neither", async () => {
    const team = await createTenant("access-tools");
    const { conversation } = await openNewConversationStore(team);
    const turn = async () => (await readTurnStart(team.userId, conversation.id, LEASE_MS))!;
    const owner = await getTestPrisma().user.findUniqueOrThrow({ where: { id: team.userId } });
    expect((await turn()).promptFacts).toEqual({ organizationName: "access-tools", person: { name: owner.name, role: "owner" } });
    expect((await turn()).teamTools).toEqual({ http: false, connectors: false });

    const tool = await getTestPrisma().httpTool.create({
      data: {
        organizationId: team.organizationId,
        name: "create_note",
        description: "Adds a note.",
        inputFields: [],
        method: "GET",
        urlTemplate: "https://crm.example.test/notes",
        headers: {},
        enabled: false,
      },
    });
    // A disabled HTTP tool is not offered: nothing to read.
    expect((await turn()).teamTools).toEqual({ http: false, connectors: false });
    await getTestPrisma().httpTool.update({
      where: { organizationId_id: { organizationId: team.organizationId, id: tool.id } },
      data: { enabled: true },
    });
    expect((await turn()).teamTools).toEqual({ http: true, connectors: false });

    const connector = await createConnector(
      team,
      { name: "crm", title: "CRM", url: "https://mcp.example.test", authMode: "none", timeoutMs: 5_000, maxResultChars: 20_000 },
      null,
    );
    if (connector === "name_taken") throw new Error("name taken");
    // A connector without an enabled tool offers nothing either.
    expect((await turn()).teamTools).toEqual({ http: true, connectors: false });
    await setConnectorTool(team, connector.id, { name: "lookup", readOnlyHint: true }, { enabled: true });
    expect((await turn()).teamTools).toEqual({ http: true, connectors: true });
  });

  it("says when a run's lease has expired", async () => {
    const { conversation, store } = await openNewConversationStore(owner);
    await store.createRun({ id: "run-dead", status: "running", created_at: new Date().toISOString() });
    await getTestPrisma().run.updateMany({
      where: { id: "run-dead" },
      data: { updatedAt: new Date(Date.now() - 60_000), leaseExpiresAt: new Date(Date.now() - 30_000) },
    });
    expect((await readTurnStart(owner.userId, conversation.id, LEASE_MS))?.expiredRun).toBe(true);
  });

  it("with the user's session, says in the same statement whether it is still honoured, as isSessionCurrent does", async () => {
    const { conversation } = await openNewConversationStore(owner);
    const version = (await sessionVersionOf(memberId))!;
    const session = { userId: memberId, sessionId: `session-${conversation.id}`, sessionVersion: version };
    const honoured = async (key: SessionKey) => ({
      inTurnStart: (await readTurnStart(key.userId, conversation.id, LEASE_MS, key))?.sessionCurrent,
      alone: await isSessionCurrent(key.userId, key.sessionId, key.sessionVersion),
    });
    expect(await honoured(session)).toEqual({ inTurnStart: true, alone: true });
    expect((await readTurnStart(memberId, conversation.id, LEASE_MS))?.sessionCurrent).toBeUndefined();
    // A token issued at another session version (a password change, "sign out everywhere" since).
    expect(await honoured({ ...session, sessionVersion: version + 1 })).toEqual({ inTurnStart: false, alone: false });
    await revokeSession({ sessionId: session.sessionId, userId: memberId, expiresAt: new Date(Date.now() + 60_000) });
    expect(await honoured(session)).toEqual({ inTurnStart: false, alone: false });
    expect(await honoured({ ...session, sessionId: `another-${conversation.id}` })).toEqual({ inTurnStart: true, alone: true });
  });
});
