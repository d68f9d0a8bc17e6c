import { dueForTouch, findApiKeyCredential, touchApiKey } from "@/lib/db/api-keys";
import type { TenantContext } from "@/lib/db/tenant-context";
import { bearerCredential, hashApiKey, sameHash } from "@/lib/server/api-keys/key-material";
import { logger } from "@/lib/server/logger";
import { API_KEY_FAILURES_PER_IP, countEvent, secondsBlocked, type LimitSpec } from "@/lib/server/rate-limit";
import { AppError, tooManyRequests } from "./app-error";
import { clientIp } from "./client-ip";
import type { ApiKeyPrincipal } from "./principal";

/**
 * The API-key principal of `/api/v1/*`. Cookies never authenticate there: only
 * `Authorization: Bearer hk_<publicId>_<secret>`. Missing, malformed, unknown, revoked and expired
 * keys all get the same 401 (with `WWW-Authenticate: Bearer`); the hash is compared in constant
 * time, also against a stand-in when no row has the public id. Failed attempts with a credential are
 * counted per address in Postgres (every instance shares them): past the limit every request from
 * that address is 429 with Retry-After, a good key included, so a blocked guesser learns nothing.
 */
export const apiKeyUnauthorized = () =>
  new AppError(
    401,
    "unauthorized",
    "Send a valid API key as `Authorization: Bearer hk_…`. Keys are created by admins in Settings → API keys.",
    undefined,
    { "WWW-Authenticate": 'Bearer realm="handoff"' },
  );

/** A hash no key has: compared when the public id is unknown, so that answer takes as long as a wrong secret. */
const STAND_IN_HASH = hashApiKey("hk_0000000000000000_stand-in-for-an-unknown-key-000000000000000");

export interface ApiKeyAuthentication {
  principal: ApiKeyPrincipal;
  /**
   * The key's organization as a tenant context for lib/db. Role "member", the least one: what a key
   * may do is decided by its scopes, never by a role, so a check written for people
   * (`isAdmin`, "admins only") can never pass for a key by accident. `userId` is `apikey:<id>`,
   * which names no user: nothing per person (a member's grants, "my conversations") applies.
   */
  tenant: TenantContext;
}

export const apiKeyActorId = (keyId: string) => `apikey:${keyId}`;

/** The key of the request, or throws 401/429. Records a use at most once a minute (dueForTouch). */
export async function authenticateApiKey(request: Request, now = new Date(), limit: LimitSpec = API_KEY_FAILURES_PER_IP) {
  const ip = clientIp(request);
  const credential = bearerCredential(request.headers.get("authorization"));
  if (credential === null) throw apiKeyUnauthorized();
  const [blocked, found] = await Promise.all([
    secondsBlocked(limit, ip),
    credential === "malformed" ? Promise.resolve(null) : findApiKeyCredential(credential.publicId),
  ]);
  if (blocked > 0)
    throw tooManyRequests(`Too many requests with bad API keys from this address. Try again in ${blocked} seconds.`, blocked);
  const matches = sameHash(credential === "malformed" ? STAND_IN_HASH : hashApiKey(credential.key), found?.keyHash ?? STAND_IN_HASH);
  const valid = found !== null && matches && found.revokedAt === null && (found.expiresAt === null || found.expiresAt > now);
  if (!valid) {
    const wait = await countEvent(limit, ip);
    if (wait > 0) throw tooManyRequests(`Too many requests with bad API keys from this address. Try again in ${wait} seconds.`, wait);
    throw apiKeyUnauthorized();
  }
  if (dueForTouch(found.lastUsedAt, now))
    await touchApiKey(found, now).catch((error: unknown) => logger.error("api key lastUsedAt not recorded", { keyId: found.id, error }));
  const principal: ApiKeyPrincipal = {
    kind: "api_key",
    keyId: found.id,
    name: found.name,
    organizationId: found.organizationId,
    scopes: found.scopes,
  };
  const tenant: TenantContext = {
    userId: apiKeyActorId(found.id),
    organizationId: found.organizationId,
    orgSlug: found.orgSlug,
    role: "member",
  };
  return { principal, tenant, ip } satisfies ApiKeyAuthentication & { ip: string };
}
