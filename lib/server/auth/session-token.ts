import { getToken } from "next-auth/jwt";

/** Auth.js's session cookie: `__Secure-` prefixed when the site is served over https. */
const SECURE_COOKIE_FIRST = [true, false];
/** The session cookie's names, chunks (`.0`, `.1`, ... for a token over 4 kB) included. */
const SESSION_COOKIE = /^(?:__Secure-)?authjs\.session-token(?:\.\d+)?$/;
const REMEMBERED_TOKENS = 10_000;

interface Remembered {
  userId: string;
  /** Epoch ms at which the token expires. */
  expiresAt: number;
}

// A decoded token per session cookie: a signed-in client sends the same cookie with every API
// request, and decrypting it costs ~0.5 ms of CPU each time. Keyed by the session cookies alone
// (the whole encrypted token, so only the exact cookie Auth.js issued maps to its user; other
// cookies cannot grow the map); expiry is still checked on every use.
const remembered = new Map<string, Remembered>();

/**
 * The signed-in user's id from Auth.js's session cookie, by decrypting the JWT only (what `auth()`
 * does before it also re-issues the cookie): for API routes and the middleware's API gate, which
 * need the identity and nothing of the session object. Null without a valid, unexpired session.
 * Only the cookie counts (not an `Authorization` header), as for `auth()`.
 */
export async function sessionUserIdFromCookies(cookieHeader: string | null): Promise<string | null> {
  const key = sessionCookies(cookieHeader);
  if (!key) return null;
  const known = remembered.get(key);
  if (known) {
    if (known.expiresAt > Date.now()) return known.userId;
    remembered.delete(key);
  }
  const secret = process.env.AUTH_SECRET ?? process.env.NEXTAUTH_SECRET;
  if (!secret) return null;
  const headers = new Headers({ cookie: key });
  for (const secureCookie of SECURE_COOKIE_FIRST) {
    const token = await getToken({ req: { headers }, secret, secureCookie });
    if (!token) continue;
    const userId = typeof token.uid === "string" ? token.uid : null;
    if (!userId || typeof token.exp !== "number") return null;
    remember(key, { userId, expiresAt: token.exp * 1000 });
    return userId;
  }
  return null;
}

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
