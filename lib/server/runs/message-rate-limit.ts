import type { TenantContext } from "@/lib/db/tenant-context";
import { serverEnv, type ServerEnv } from "@/lib/server/env";
import type { CountedTurnStart, TurnCounting } from "@/lib/db/turn-start";
import { counterKey, counterKeyPrefix, enforce, enforceCounted, type LimitSpec } from "@/lib/server/rate-limit";
import { settleAll } from "@/lib/server/settle-all";

/**
 * Messages a user may send per minute, over every conversation and instance
 * (`MESSAGE_RATE_LIMIT_PER_MINUTE`, default 60). Each message may start a model call, which costs money.
 */
export function messagesPerUser(env: Pick<ServerEnv, "MESSAGE_RATE_LIMIT_PER_MINUTE"> = serverEnv()): LimitSpec {
  return { keyPrefix: "messages-user", points: env.MESSAGE_RATE_LIMIT_PER_MINUTE, durationSeconds: 60 };
}

/**
 * Messages one organization's people and API keys may send per minute together
 * (`ORG_MESSAGE_RATE_LIMIT_PER_MINUTE`, default 600): many members (or keys) cannot together
 * start more runs than the service takes from one team.
 */
export function messagesPerOrganization(env: Pick<ServerEnv, "ORG_MESSAGE_RATE_LIMIT_PER_MINUTE"> = serverEnv()): LimitSpec {
  return { keyPrefix: "messages-org", points: env.ORG_MESSAGE_RATE_LIMIT_PER_MINUTE, durationSeconds: 60 };
}

/** The organization's message rate: 429 with `Retry-After` past it. */
export const enforceOrganizationMessageRate = (organizationId: string) =>
  enforce(messagesPerOrganization(), organizationId, ORGANIZATION_MESSAGES);

const ORGANIZATION_MESSAGES = "messages from this organization";

/**
 * The message rates a turn start counts in its own statement (countAndReadTurnStart): the sender's
 * (`userId`; null: counted before) and the organization's. Both windows are a minute.
 */
export function messageRateCounting(userId: string | null, nowMs = Date.now()): TurnCounting {
  const user = messagesPerUser();
  const organization = messagesPerOrganization();
  if (user.durationSeconds !== organization.durationSeconds) throw new Error("the two message rates count one window");
  return {
    userKey: userId === null ? null : counterKey(user, userId),
    organizationKeyPrefix: counterKeyPrefix(organization),
    durationMs: user.durationSeconds * 1000,
    nowMs,
  };
}

/** 429 past either rate a turn start counted: the sender's first (it was counted for any conversation), then the organization's. */
export function enforceCountedMessageRates(counted: Pick<CountedTurnStart, "user" | "organization">, nowMs = Date.now()) {
  if (counted.user) enforceCounted(messagesPerUser(), counted.user, "messages", nowMs);
  if (counted.organization) enforceCounted(messagesPerOrganization(), counted.organization, ORGANIZATION_MESSAGES, nowMs);
}

/** Both message rates, side by side (one round trip): the sender's and the organization's. */
export async function enforceMessageRates(ctx: Pick<TenantContext, "userId" | "organizationId">, what = "messages"): Promise<void> {
  await settleAll([enforce(messagesPerUser(), ctx.userId, what), enforceOrganizationMessageRate(ctx.organizationId)] as const);
}
