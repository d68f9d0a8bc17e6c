import { encode } from "next-auth/jwt";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sessionUserIdFromCookies } from "@/lib/server/auth/session-token";

// The database's answer on revocation (lib/db/sessions.ts is covered by its integration test).
const revoked = new Set<string>();
vi.mock("@/lib/db/sessions", () => ({ isSessionCurrent: async (_userId: string, sessionId: string) => !revoked.has(sessionId) }));

const SECRET = "unit-test-secret-0123456789-0123456789";
const PLAIN = "authjs.session-token";
const SECURE = "__Secure-authjs.session-token";

/** A session cookie as Auth.js issues it (the cookie name is also the key derivation's salt). */
async function sessionCookie(name: string, claims: Record<string, unknown>, options: { secret?: string; maxAge?: number } = {}) {
  const token = await encode({ token: claims, secret: options.secret ?? SECRET, salt: name, maxAge: options.maxAge });
  return `theme=dark; ${name}=${token}`;
}

describe("session user id from the cookie", () => {
  beforeEach(() => vi.stubEnv("AUTH_SECRET", SECRET));
  afterEach(() => vi.unstubAllEnvs());

  it("reads the user id of a valid session, on http and on https cookie names", async () => {
    expect(await sessionUserIdFromCookies(await sessionCookie(PLAIN, { uid: "user-1", sid: "sid-user-1", sv: 0 }))).toBe("user-1");
    expect(await sessionUserIdFromCookies(await sessionCookie(SECURE, { uid: "user-2", sid: "sid-user-2", sv: 0 }))).toBe("user-2");
  });

  it("refuses no cookie, a token of another secret, a tampered token and a token without a user id", async () => {
    expect(await sessionUserIdFromCookies(null)).toBeNull();
    expect(await sessionUserIdFromCookies("theme=dark")).toBeNull();
    expect(
      await sessionUserIdFromCookies(
        await sessionCookie(PLAIN, { uid: "user-3", sid: "sid-user-3", sv: 0 }, { secret: "another-secret-0123456789-0123456789" }),
      ),
    ).toBeNull();
    const valid = await sessionCookie(PLAIN, { uid: "user-4", sid: "sid-user-4", sv: 0 });
    const tampered = valid.slice(0, -6) + (valid.endsWith("AAAAAA") ? "BBBBBB" : "AAAAAA");
    expect(await sessionUserIdFromCookies(tampered)).toBeNull();
    expect(await sessionUserIdFromCookies(await sessionCookie(PLAIN, { sub: "no-uid" }))).toBeNull();
  });

  it("refuses a revoked session, also one it decoded before (the cache keeps no revoked token alive)", async () => {
    const cookie = await sessionCookie(PLAIN, { uid: "user-9", sid: "sid-9", sv: 0 });
    expect(await sessionUserIdFromCookies(cookie)).toBe("user-9");
    revoked.add("sid-9");
    expect(await sessionUserIdFromCookies(cookie)).toBeNull();
  });

  it("refuses a token without a session id or version (issued before sessions could be revoked)", async () => {
    expect(await sessionUserIdFromCookies(await sessionCookie(PLAIN, { uid: "user-10" }))).toBeNull();
  });

  it("refuses an expired session, also one it decoded before", async () => {
    expect(
      await sessionUserIdFromCookies(await sessionCookie(PLAIN, { uid: "user-5", sid: "sid-user-5", sv: 0 }, { maxAge: -60 })),
    ).toBeNull();
    const cookie = await sessionCookie(PLAIN, { uid: "user-6", sid: "sid-user-6", sv: 0 }, { maxAge: 60 });
    expect(await sessionUserIdFromCookies(cookie)).toBe("user-6");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 120_000 });
    try {
      expect(await sessionUserIdFromCookies(cookie)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("reads the session cookie among others, whatever they are", async () => {
    const session = (await sessionCookie(PLAIN, { uid: "user-8", sid: "sid-user-8", sv: 0 })).replace("theme=dark; ", "");
    expect(await sessionUserIdFromCookies(`a=1; ${session}; b=2`)).toBe("user-8");
    expect(await sessionUserIdFromCookies(`${session}; junk=${"x".repeat(2000)}`)).toBe("user-8");
    expect(await sessionUserIdFromCookies(`not-authjs.session-token=${session.split("=")[1]}`)).toBeNull();
  });

  it("refuses every session when the server has no secret", async () => {
    const cookie = await sessionCookie(PLAIN, { uid: "user-7", sid: "sid-user-7", sv: 0 });
    vi.stubEnv("AUTH_SECRET", "");
    expect(await sessionUserIdFromCookies(cookie)).toBeNull();
  });
});
