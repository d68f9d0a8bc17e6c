/**
 * Who is asking, resolved once per request by a route builder (route-builders.ts) and handed to
 * the handler as `ctx.actor`. A discriminated union on `kind`: a signed-in user, and an API key of the
 * public API (`/api/v1`, api-key-authenticator.ts). An inbox capability link is not a principal: it
 * names one item and one action, so its route verifies it itself (docs/inbox.md).
 * Code that needs a user narrows on `kind` (the compiler then shows every place a new kind must be handled).
 */
export type Principal = UserPrincipal | ApiKeyPrincipal;

export interface UserPrincipal {
  kind: "user";
  userId: string;
  /** The session the cookie carries (sign-out revokes it; the audit log can tell sessions apart). */
  sessionId: string;
}

/** An API key (`Authorization: Bearer hk_…`): its organization and the scopes it was given. Never a person. */
export interface ApiKeyPrincipal {
  kind: "api_key";
  keyId: string;
  /** The name an admin gave it (shown as who resolved an inbox item). */
  name: string;
  organizationId: string;
  scopes: string[];
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
