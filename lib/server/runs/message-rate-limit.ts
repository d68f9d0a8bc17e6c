import type { TenantContext } from "@/lib/db/tenant-context";
import { serverEnv, type ServerEnv } from "@/lib/server/env";
import { enforce, type LimitSpec } from "@/lib/server/rate-limit";
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
  enforce(messagesPerOrganization(), organizationId, "messages from this organization");

/** Both message rates, side by side (one round trip): the sender's and the organization's. */
export async function enforceMessageRates(ctx: Pick<TenantContext, "userId" | "organizationId">, what = "messages"): Promise<void> {
  await settleAll([enforce(messagesPerUser(), ctx.userId, what), enforceOrganizationMessageRate(ctx.organizationId)] as const);
}
