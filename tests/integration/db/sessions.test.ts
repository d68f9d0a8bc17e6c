import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { createUserWithOrganization, updateUserPassword } from "@/lib/db/users";
import { endAllSessions, isSessionCurrent, revokeSession, sessionVersionOf } from "@/lib/db/sessions";

const newUser = async () =>
  (await createUserWithOrganization({ email: `s-${randomUUID().slice(0, 8)}@example.com`, name: "S", passwordHash: null })).user;
const later = () => new Date(Date.now() + 60_000);

describe("session revocation in the database", () => {
  it("a session is current until it is signed out; others of the same user are not touched", async () => {
    const user = await newUser();
    const [a, b] = [randomUUID(), randomUUID()];
    expect(await isSessionCurrent(user.id, a, 0)).toBe(true);
    await revokeSession({ sessionId: a, userId: user.id, expiresAt: later() });
    expect(await isSessionCurrent(user.id, a, 0)).toBe(false);
    expect(await isSessionCurrent(user.id, b, 0)).toBe(true);
  });

  it("a password change and sign out everywhere end every session at the old version", async () => {
    const user = await newUser();
    const sid = randomUUID();
    const afterPassword = await updateUserPassword(user.id, "hash");
    expect(await isSessionCurrent(user.id, sid, 0)).toBe(false);
    expect(await isSessionCurrent(user.id, sid, afterPassword)).toBe(true);
    const afterAll = await endAllSessions(user.id);
    expect(await isSessionCurrent(user.id, sid, afterPassword)).toBe(false);
    expect(await sessionVersionOf(user.id)).toBe(afterAll);
  });

  it("an unknown user's token is not current", async () => {
    expect(await isSessionCurrent("no-such-user", randomUUID(), 0)).toBe(false);
  });
});
