import type { z } from "zod";
import { conversationContext, deletedConversationContext, slotContext } from "@/lib/db/conversation-access";
import { resolveTenantContext } from "@/lib/db/organizations";
import type { SessionKey } from "@/lib/db/sessions";
import type { TenantContext } from "@/lib/db/tenant-context";
import type { RoleName } from "@/lib/schemas/account";
import { slugSchema } from "@/lib/schemas/text";
import { sessionClaim } from "@/lib/server/auth/session-token";
import { AppError, forbidden, notFound, unauthorized } from "./app-error";
import { clientIp } from "./client-ip";
import { DEFAULT_MAX_BODY_BYTES, parseJsonBody } from "./parse-body";
import { possibleId } from "./path-id";
import type { ActorContext, ApiKeyPrincipal, Principal, PublicContext, UserPrincipal } from "./principal";
import { authenticateApiKey } from "./api-key-authenticator";
import { enforceApiKeyRate, enforceOrganizationApiRate } from "./api-key-rate-limit";
import { countApiRequestUnderPlan } from "@/lib/server/billing/api-requests";
import { missingScope } from "@/lib/server/api-keys/key-material";
import type { ApiKeyScope } from "@/lib/schemas/api-keys";
import { route } from "./route";
import { settleAll } from "@/lib/server/settle-all";

/**
 * Route builders: each resolves who is asking once, before the handler, and hands it a typed
 * context (as t3's `protectedProcedure` narrows its context). A builder is a resolver composed
 * with `build`: the resolver turns the request and its path params into the context or throws
 * 401/403/404; `build` adds the body, the error wrapper (`route()`) and Next's handler shape. An
 * API-key route (`apiKeyRoute`) is one more resolver (api-key-authenticator.ts reads `Authorization`
 * into an `api_key` principal), nothing more.
 */

/** A principal a request claims, and the check that it still holds, to run beside the first query. */
export interface Claim<P extends Principal = Principal> {
  principal: P;
  isCurrent: () => Promise<boolean>;
}
export type Authenticator<P extends Principal> = (request: Request) => Promise<Claim<P> | null>;

/** The session cookie (Auth.js's JWT, session-token.ts). The only reader of it for route handlers. */
export const sessionAuthenticator: SessionAuthenticator = (request) => sessionClaim(request.headers.get("cookie"));

/** An authenticator of people that also names their session (for a lookup that checks it itself). */
export type SessionAuthenticator = (request: Request) => Promise<(Claim<UserPrincipal> & { session: SessionKey }) | null>;

/**
 * The signed-in principal and `lookup(principal)` side by side, so the session check costs no
 * round trip of its own. Errors in order: 401 first, then the lookup's own (as if sequential).
 */
export async function authenticated<P extends Principal, T>(
  request: Request,
  authenticate: Authenticator<P>,
  lookup: (principal: P) => Promise<T>,
): Promise<{ ctx: ActorContext<P>; found: T }> {
  const claim = await authenticate(request);
  if (!claim) throw unauthorized();
  const [current, found] = await Promise.allSettled([claim.isCurrent(), lookup(claim.principal)]);
  if (current.status === "rejected") throw current.reason;
  if (!current.value) throw unauthorized();
  if (found.status === "rejected") throw found.reason;
  return { ctx: { actor: claim.principal, ip: clientIp(request) }, found: found.value };
}

/**
 * `authenticated` with the session cookie, for a lookup that checks the session in its own
 * statement (`sessionCurrent` on what it finds: sessions.ts `sessionCurrentColumn`), so the request
 * pays no session read of its own. When the lookup finds nothing or fails, the session is checked
 * alone: an ended session still gets 401 before a 404 or the lookup's own error.
 */
export async function authenticatedInLookup<T extends { sessionCurrent?: boolean }>(
  request: Request,
  authenticate: SessionAuthenticator,
  lookup: (session: SessionKey) => Promise<T | null>,
): Promise<{ ctx: ActorContext<UserPrincipal>; found: Omit<T, "sessionCurrent"> | null }> {
  const claim = await authenticate(request);
  if (!claim) throw unauthorized();
  let found: T | null;
  try {
    found = await lookup(claim.session);
  } catch (error) {
    if (!(await claim.isCurrent())) throw unauthorized();
    throw error;
  }
  if (!(found ? found.sessionCurrent === true : await claim.isCurrent())) throw unauthorized();
  const ctx = { actor: claim.principal, ip: clientIp(request) };
  if (!found) return { ctx, found: null };
  const { sessionCurrent: _checked, ...rest } = found;
  return { ctx, found: rest };
}

type Params = Record<string, string>;
type Resolver<C, P extends Params> = (request: Request, params: P) => Promise<C>;
interface BodyOptions<S extends z.ZodType | undefined> {
  body?: S;
  maxBodyBytes?: number;
}
export interface RouteInput<P extends Params, S extends z.ZodType | undefined> {
  request: Request;
  params: P;
  body: S extends z.ZodType ? z.infer<S> : undefined;
}
type Handler<C, P extends Params, S extends z.ZodType | undefined> = (ctx: C, input: RouteInput<P, S>) => Promise<Response>;

/** A builder from a resolver. The body is read beside the resolver; its errors (413/415/422) come after 401/403/404. */
export function build<C, P extends Params>(resolve: Resolver<C, P>) {
  return <S extends z.ZodType | undefined = undefined>(options: BodyOptions<S>, handler: Handler<C, P, S>) =>
    route(async (request: Request, { params }: { params: Promise<P> }) => {
      const path = await params;
      const [ctx, body] = await settleAll([
        resolve(request, path),
        options.body ? parseJsonBody(request, options.body, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES) : Promise.resolve(undefined),
      ] as const);
      return handler(ctx, { request, params: path, body: body as RouteInput<P, S>["body"] });
    });
}

export type UserContext = ActorContext<UserPrincipal> & { userId: string };
export type MemberContext = ActorContext<UserPrincipal> & TenantContext;

const withTenant = (ctx: ActorContext<UserPrincipal>, tenant: TenantContext): MemberContext => ({ ...tenant, ...ctx });

/** No principal: sign-up, the invite's accept page's reads. */
export const publicRoute = build<PublicContext, Params>(async (request) => ({ ip: clientIp(request) }));

/** A signed-in user, whoever they are. */
export const userRoute = build<UserContext, Params>(async (request) => {
  const { ctx } = await authenticated(request, sessionAuthenticator, async () => undefined);
  return { ...ctx, userId: ctx.actor.userId };
});

const ROLE_RANK: Record<RoleName, number> = { member: 0, admin: 1, owner: 2 };
const ROLE_REFUSAL: Record<RoleName, string> = {
  member: "",
  admin: "Only owners and admins can do this. Ask an admin of this organization.",
  owner: "Only owners can do this. Ask an owner of this organization.",
};

/**
 * A member of the `[slug]` organization with at least `minRole` (default any member). Non-members
 * get 404, never 403, so other teams' slugs are not confirmed. Other path params are ids, named
 * in `ids` with what a 404 calls them (impossible ids are 404 without a query, path-id.ts).
 */
export function memberRoute<P extends Params = { slug: string }>(
  options: { minRole?: RoleName; ids?: Partial<Record<keyof P, string>> } = {},
) {
  return build<MemberContext, P>(async (request, params) => {
    for (const [name, what] of Object.entries(options.ids ?? {})) if (!possibleId(params[name])) throw notFound(what as string);
    const slug = params.slug;
    const { ctx, found } = await authenticated(request, sessionAuthenticator, (actor) =>
      slugSchema.safeParse(slug).success ? resolveTenantContext(actor.userId, slug) : Promise.resolve(null),
    );
    if (!found) throw notFound("This organization");
    const minRole = options.minRole ?? "member";
    if (ROLE_RANK[found.role] < ROLE_RANK[minRole]) throw forbidden(ROLE_REFUSAL[minRole]);
    return withTenant(ctx, found);
  });
}

/**
 * A route on a row that carries its own tenant (a conversation, a card) under `[id]`: `load`
 * reads the row's organization joined with the user's membership, beside the session check. 404
 * for an impossible id, an unknown row and another organization's alike. `load` may read more in
 * the same statement (the message route's turn start); the handler's context gets all of it.
 */
export function tenantRowRoute<T extends { ctx: TenantContext }>(what: string, load: (userId: string, id: string) => Promise<T | null>) {
  return rowRoute<T>(what, (request, id) => authenticated(request, sessionAuthenticator, (actor) => load(actor.userId, id)));
}

/**
 * `tenantRowRoute` for a `load` that also says whether the session is still honoured, read in its
 * own statement (`sessionCurrent`; see `authenticatedInLookup`): the message route's turn start.
 */
export function tenantRowRouteCheckingSession<T extends { ctx: TenantContext; sessionCurrent?: boolean }>(
  what: string,
  load: (session: SessionKey, id: string) => Promise<T | null>,
) {
  return rowRoute<Omit<T, "sessionCurrent">>(what, (request, id) =>
    authenticatedInLookup(request, sessionAuthenticator, (session) => load(session, id)),
  );
}

function rowRoute<T extends { ctx: TenantContext }>(
  what: string,
  resolve: (request: Request, id: string) => Promise<{ ctx: ActorContext<UserPrincipal>; found: T | null }>,
) {
  return build<MemberContext & Omit<T, "ctx">, { id: string }>(async (request, { id }) => {
    if (!possibleId(id)) throw notFound(what);
    const { ctx, found } = await resolve(request, id);
    if (!found) throw notFound(what);
    const { ctx: tenant, ...rest } = found;
    return { ...rest, ...withTenant(ctx, tenant) };
  });
}

/** A conversation's member, in the conversation's own organization. */
export const conversationRoute = tenantRowRoute("This conversation", async (userId, conversationId) => {
  const ctx = await conversationContext(userId, conversationId);
  return ctx && { ctx, conversationId };
});

/** A deleted conversation's member (the restore route): a conversation that is not deleted is not found here. */
export const deletedConversationRoute = tenantRowRoute("This deleted conversation", async (userId, conversationId) => {
  const ctx = await deletedConversationContext(userId, conversationId);
  return ctx && { ctx, conversationId };
});

/** A card's: the tenant of its conversation. */
export const cardRoute = tenantRowRoute("This card", async (userId, slotId) => {
  const found = await slotContext(userId, slotId);
  return found && { ...found, slotId };
});

export type ApiKeyContext = ActorContext<ApiKeyPrincipal> & TenantContext;

/**
 * The public API (`/api/v1/*`): an API key with every scope in `scopes`. Cookies are never read.
 * 401 (same answer for a missing, malformed, unknown, revoked or expired key), 429 for an address
 * that sent too many bad keys, a key past its own allowance or an organization past its keys' shared
 * one (api-key-rate-limit.ts), 403 naming the missing scope, 404 for impossible path ids, then 402
 * when the plan's API requests of the month are used up (each request that gets this far is counted).
 * The tenant is the key's organization with role "member" (see api-key-authenticator.ts).
 */
export function apiKeyRoute<P extends Params = Params>(options: { scopes: ApiKeyScope[]; ids?: Partial<Record<keyof P, string>> }) {
  return build<ApiKeyContext, P>(async (request, params) => {
    const { principal, tenant, ip } = await authenticateApiKey(request);
    await settleAll([enforceApiKeyRate(principal.keyId), enforceOrganizationApiRate(tenant.organizationId)] as const);
    const missing = missingScope(principal.scopes, options.scopes);
    if (missing)
      throw new AppError(
        403,
        "insufficient_scope",
        `This API key lacks the scope "${missing}". Create a key with it in Settings → API keys.`,
        {
          requiredScope: missing,
        },
      );
    for (const [name, what] of Object.entries(options.ids ?? {})) if (!possibleId(params[name])) throw notFound(what as string);
    // Last: a request the key may not make, or for an id that cannot exist, is not one of the month's.
    await countApiRequestUnderPlan(tenant.organizationId, principal.keyId);
    return { ...tenant, actor: principal, ip };
  });
}
