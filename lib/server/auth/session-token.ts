import { encode, getToken, type JWT } from "next-auth/jwt";
import { isSessionCurrent, type SessionKey } from "@/lib/db/sessions";
import type { UserPrincipal } from "@/lib/server/http/principal";
import { authConfig } from "./auth-config";
import { serverEnv } from "@/lib/server/env";

/** Auth.js's session cookie: `__Secure-` prefixed when the site is served over https. */
const SECURE_COOKIE_FIRST = [true, false];
/** The session cookies' names, chunks (`.0`, `.1`, ... for a token over 4 kB) included. */
const SESSION_COOKIE = /^(?:__Secure-)?authjs\.session-token(?:\.\d+)?$/;
const REMEMBERED_TOKENS = 10_000;

interface Remembered {
  userId: string;
  sessionId: string;
  sessionVersion: number;
  /** Epoch ms at which the token expires. */
  expiresAt: number;
}

// A decoded token per session cookie: a signed-in client sends the same cookie with every API
// request, and decrypting it costs ~0.5 ms of CPU each time. Keyed by the session cookies alone
// (the whole encrypted token, so only the exact cookie Auth.js issued maps to its user; other
// cookies cannot grow the map). Only the decryption is remembered: expiry and revocation are
// checked on every use, revocation in the database, so a signed-out cookie is refused at once
// by every instance.
const remembered = new Map<string, Remembered>();

/**
 * The signed-in user's id from Auth.js's session cookie: the JWT decrypted (what `auth()` does
 * before it also re-issues the cookie) and its session checked against the database (not signed
 * out, not ended by a password change or "sign out everywhere"). For API routes and the
 * proxy (proxy.ts), which need the identity and nothing of the session object. Null without a valid,
 * current session. Only the cookie counts (not an `Authorization` header), as for `auth()`.
 */
export async function sessionUserIdFromCookies(cookieHeader: string | null): Promise<string | null> {
  const claim = await sessionClaim(cookieHeader);
  return claim && (await claim.isCurrent()) ? claim.principal.userId : null;
}

/**
 * The principal a session cookie claims (decrypted, unexpired) and the database check that the
 * session is still current, apart: the route builders run the check beside the request's first
 * query instead of before it. Null without a decodable session cookie.
 */
export async function sessionClaim(
  cookieHeader: string | null,
): Promise<{ principal: UserPrincipal; session: SessionKey; isCurrent: () => Promise<boolean> } | null> {
  const session = await decodeSession(cookieHeader);
  if (!session) return null;
  const { userId, sessionId, sessionVersion } = session;
  return {
    principal: { kind: "user", userId, sessionId },
    session: { userId, sessionId, sessionVersion },
    isCurrent: () => isSessionCurrent(userId, sessionId, sessionVersion),
  };
}

async function decodeSession(cookieHeader: string | null): Promise<Remembered | null> {
  const key = sessionCookies(cookieHeader);
  if (!key) return null;
  const known = remembered.get(key);
  if (known) {
    if (known.expiresAt > Date.now()) return known;
    remembered.delete(key);
  }
  const decoded = await decodeToken(key);
  if (!decoded) return null;
  const { token } = decoded;
  // Tokens issued before sessions carried an id and a version are not honoured (one more sign-in).
  if (typeof token.uid !== "string" || typeof token.sid !== "string" || typeof token.sv !== "number" || typeof token.exp !== "number")
    return null;
  const entry = { userId: token.uid, sessionId: token.sid, sessionVersion: token.sv, expiresAt: token.exp * 1000 };
  remember(key, entry);
  return entry;
}

async function decodeToken(cookies: string): Promise<{ token: JWT; secureCookie: boolean } | null> {
  const secret = authSecret();
  if (!secret) return null;
  const headers = new Headers({ cookie: cookies });
  for (const secureCookie of SECURE_COOKIE_FIRST) {
    const token = await getToken({ req: { headers }, secret, secureCookie });
    if (token) return { token, secureCookie };
  }
  return null;
}

/**
 * A fresh session cookie for the same session at a new session version: after a password change
 * every other session ends, and the person who changed it stays signed in with this one. Null
 * when the request carries no session cookie.
 */
export async function reissuedSessionCookie(cookieHeader: string | null, sessionVersion: number): Promise<string | null> {
  const secret = authSecret();
  const decoded = secret ? await decodeToken(sessionCookies(cookieHeader)) : null;
  if (!secret || !decoded) return null;
  const name = `${decoded.secureCookie ? "__Secure-" : ""}authjs.session-token`;
  const maxAge = authConfig.session.maxAge;
  const { token } = decoded;
  const value = await encode({ token: { ...token, sv: sessionVersion }, secret, salt: name, maxAge });
  return `${name}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${decoded.secureCookie ? "; Secure" : ""}`;
}

const authSecret = () => {
  const env = serverEnv();
  return env.AUTH_SECRET ?? env.NEXTAUTH_SECRET;
};

function remember(key: string, entry: Remembered) {
  if (remembered.size >= REMEMBERED_TOKENS) remembered.delete(remembered.keys().next().value!);
  remembered.set(key, entry);
}

/** The session cookies of a Cookie header, as a Cookie header of their own; "" when there are none. */
function sessionCookies(cookieHeader: string | null): string {
  if (!cookieHeader) return "";
  return cookieHeader
    .split(";")
    .map((pair) => pair.trim())
    .filter((pair) => SESSION_COOKIE.test(pair.slice(0, Math.max(0, pair.indexOf("=")))))
    .join("; ");
}
