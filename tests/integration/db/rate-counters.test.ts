// The message rates counted inside the turn start's statement (lib/db/rate-counters.ts) and by
// rate-limiter-flexible are one count on one row: either may count, the other sees it and decides alike.
import { beforeAll, describe, expect, it } from "vitest";
import { countAndReadTurnStart } from "@/lib/db/turn-start";
import type { TenantContext } from "@/lib/db/tenant-context";
import { AppError } from "@/lib/server/http/app-error";
import { countEvent, eventsCounted } from "@/lib/server/rate-limit";
import {
  enforceCountedMessageRates,
  messageRateCounting,
  messagesPerOrganization,
  messagesPerUser,
} from "@/lib/server/runs/message-rate-limit";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { createTenant, openNewConversationStore } from "@/tests/integration/store/support";

const LEASE_MS = 30_000;
let team: TenantContext;
let stranger: TenantContext;
let conversationId: string;

beforeAll(async () => {
  team = await createTenant("rates");
  stranger = await createTenant("rates-other");
  conversationId = (await openNewConversationStore(team)).conversation.id;
});

const count = (userId: string, nowMs = Date.now(), id = conversationId) =>
  countAndReadTurnStart(userId, id, LEASE_MS, undefined, messageRateCounting(userId, nowMs));

describe("the turn start's message rate counters", () => {
  it("count on the library's own rows: a point the library took is seen, and the library sees the statement's", async () => {
    const user = await createTenant("rates-shared");
    const { conversation } = await openNewConversationStore(user);
    expect(await countEvent(messagesPerUser(), user.userId)).toBe(0);
    const counted = await count(user.userId, Date.now(), conversation.id);
    expect(counted.turn?.ctx.organizationId).toBe(user.organizationId);
    expect(counted.user?.points).toBe(2);
    expect(counted.organization?.points).toBe(1);
    expect(await eventsCounted(messagesPerUser(), user.userId)).toBe(2);
    expect(await eventsCounted(messagesPerOrganization(), user.organizationId)).toBe(1);
    // And a window the statement opened ends when the library says it does.
    expect(counted.user!.expire).toBeGreaterThan(Date.now());
    expect(counted.user!.expire! - Date.now()).toBeLessThanOrEqual(60_000);
  });

  it("count the sender for any conversation, the organization only for a member's found conversation", async () => {
    const before = await eventsCounted(messagesPerOrganization(), team.organizationId);
    const outsider = await count(stranger.userId);
    expect(outsider.turn).toBeNull();
    expect(outsider.user?.points).toBeGreaterThanOrEqual(1);
    expect(outsider.organization).toBeNull();
    const unknown = await count(team.userId, Date.now(), "no-such-conversation");
    expect(unknown).toMatchObject({ turn: null, organization: null });
    expect(await eventsCounted(messagesPerOrganization(), team.organizationId)).toBe(before);
    // A session that is no longer honoured (401) counts the sender only.
    const ended = { userId: team.userId, sessionId: "ended", sessionVersion: 999 };
    const refused = await countAndReadTurnStart(team.userId, conversationId, LEASE_MS, ended, messageRateCounting(team.userId));
    expect(refused.turn?.sessionCurrent).toBe(false);
    expect(refused.organization).toBeNull();
    expect(await eventsCounted(messagesPerOrganization(), team.organizationId)).toBe(before);
    await count(team.userId);
    expect(await eventsCounted(messagesPerOrganization(), team.organizationId)).toBe(before + 1);
  });

  it("start a window that ended again at one point", async () => {
    const user = await createTenant("rates-window");
    const { conversation } = await openNewConversationStore(user);
    await count(user.userId, Date.now(), conversation.id);
    await count(user.userId, Date.now(), conversation.id);
    const later = Date.now() + 61_000;
    const counted = await count(user.userId, later, conversation.id);
    expect(counted.user).toEqual({ points: 1, expire: later + 60_000 });
    expect(counted.organization).toEqual({ points: 1, expire: later + 60_000 });
  });

  it("refuse past the limit with 429 and Retry-After, exactly when the library refuses", async () => {
    const user = await createTenant("rates-limit");
    const { conversation } = await openNewConversationStore(user);
    const limit = messagesPerUser().points;
    for (let i = 1; i < limit; i++) await countEvent(messagesPerUser(), user.userId);
    const last = await count(user.userId, Date.now(), conversation.id);
    expect(last.user?.points).toBe(limit);
    expect(() => enforceCountedMessageRates(last)).not.toThrow();
    const over = await count(user.userId, Date.now(), conversation.id);
    let refusal: unknown;
    try {
      enforceCountedMessageRates(over);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).status).toBe(429);
    expect((refusal as AppError).message).toContain("Too many messages");
    // The library, counting the next point on the same row, refuses too.
    expect(await countEvent(messagesPerUser(), user.userId)).toBeGreaterThan(0);
  });

  it("refuse a whole organization past its rate, whoever sends", async () => {
    const member = await getTestPrisma().user.create({ data: { email: `member-${team.orgSlug}@example.test`, name: "member" } });
    await getTestPrisma().membership.create({ data: { userId: member.id, organizationId: team.organizationId, role: "member" } });
    const limit = messagesPerOrganization().points;
    for (let i = (await eventsCounted(messagesPerOrganization(), team.organizationId)) + 1; i <= limit; i++)
      await countEvent(messagesPerOrganization(), team.organizationId);
    const over = await count(member.id);
    expect(over.organization?.points).toBe(limit + 1);
    expect(() => enforceCountedMessageRates(over)).toThrow(/messages from this organization/);
  });
});
