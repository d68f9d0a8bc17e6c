import { serverEnv, type ServerEnv } from "@/lib/server/env";
import { countEvent, formatWait, type LimitSpec } from "@/lib/server/rate-limit";
import { AppError } from "./app-error";

/**
 * Requests one API key may make per minute (`API_RATE_LIMIT_PER_MINUTE`, default 600), counted in
 * Postgres (table rate_limits) so every instance shares one allowance per key. Per key, not per
 * address: a machine behind a NAT shares its address with others, its key is its own.
 */
export function requestsPerApiKey(env: Pick<ServerEnv, "API_RATE_LIMIT_PER_MINUTE"> = serverEnv()): LimitSpec {
  return { keyPrefix: "apikey-requests", points: env.API_RATE_LIMIT_PER_MINUTE, durationSeconds: 60 };
}

/**
 * Requests one organization's API keys may make per minute together (`ORG_API_RATE_LIMIT_PER_MINUTE`,
 * default 3000): more keys do not buy a team more of the service than that.
 */
export function requestsPerOrganization(env: Pick<ServerEnv, "ORG_API_RATE_LIMIT_PER_MINUTE"> = serverEnv()): LimitSpec {
  return { keyPrefix: "api-requests-org", points: env.ORG_API_RATE_LIMIT_PER_MINUTE, durationSeconds: 60 };
}

/** Counts one request of the key; past the allowance a 429 with `Retry-After` and the IETF draft's `RateLimit-*` headers. */
export async function enforceApiKeyRate(keyId: string, spec: LimitSpec = requestsPerApiKey()): Promise<void> {
  const wait = await countEvent(spec, keyId);
  if (wait > 0)
    throw rateLimited(
      spec,
      wait,
      `This API key made more than ${spec.points} requests in a minute. Try again in ${formatWait(wait)}, or spread requests over several keys.`,
    );
}

/** Counts one request of the organization's keys; past their shared allowance the same 429. */
export async function enforceOrganizationApiRate(organizationId: string, spec: LimitSpec = requestsPerOrganization()): Promise<void> {
  const wait = await countEvent(spec, organizationId);
  if (wait > 0)
    throw rateLimited(
      spec,
      wait,
      `This organization's API keys made more than ${spec.points} requests in a minute together. Try again in ${formatWait(wait)}.`,
    );
}

function rateLimited(spec: LimitSpec, wait: number, message: string): AppError {
  return new AppError(
    429,
    "rate_limited",
    message,
    { retryAfterSeconds: wait, limit: spec.points, windowSeconds: spec.durationSeconds },
    {
      "Retry-After": String(wait),
      "RateLimit-Limit": String(spec.points),
      "RateLimit-Remaining": "0",
      "RateLimit-Reset": String(wait),
    },
  );
}
