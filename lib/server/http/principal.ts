/**
 * Who is asking, resolved once per request by a route builder (route-builders.ts) and handed to
 * the handler as `ctx.actor`. A discriminated union on `kind`: today only a signed-in user exists.
 * This is where the others join, each with its own resolver in route-builders.ts:
 * `{ kind: "apiKey"; keyId; organizationId; scopes }` for the public API (`/api/v1`), and
 * `{ kind: "capability"; ... }` for a signed link that resolves exactly one inbox item.
 * Code that needs a user narrows on `kind` (the compiler then shows every place a new kind must be handled).
 */
export type Principal = UserPrincipal;

export interface UserPrincipal {
  kind: "user";
  userId: string;
  /** The session the cookie carries (sign-out revokes it; the audit log can tell sessions apart). */
  sessionId: string;
}

/**
 * The inner context: what handlers and the domain functions below them get instead of the
 * request. Tests build it with `innerContext` without a request (as t3's createInnerTRPCContext).
 */
export interface PublicContext {
  /** The client's address (client-ip.ts), for the audit log and per-network limits. */
  ip: string;
}

export interface ActorContext<P extends Principal = Principal> extends PublicContext {
  actor: P;
}

export const innerContext = <P extends Principal>(actor: P, ip = "local"): ActorContext<P> => ({ actor, ip });
