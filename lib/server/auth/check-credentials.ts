import { findUserByEmail } from "@/lib/db/users";
import { recordSignIn } from "@/lib/db/sign-ins";
import { verifyPassword } from "./password";
import { SIGN_IN_FAILURES_PER_EMAIL, SIGN_IN_FAILURES_PER_IP, countEvent, resetKey, secondsBlocked } from "../rate-limit";

export type CredentialsOutcome =
  | { kind: "ok"; user: { id: string; email: string; name: string } }
  | { kind: "invalid" }
  | { kind: "throttled"; retryAfterSeconds: number };

// A valid-looking hash so unknown emails cost the same time as wrong passwords.
const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$2Dv2J5sKzPe6UtPqvZ3d6cZyY0Mzb2cH8m8pV0pL3h8";

/** Email + password check with failure throttling per email and per IP. */
export async function checkCredentials(email: string, password: string, ip: string): Promise<CredentialsOutcome> {
  const blocked = Math.max(await secondsBlocked(SIGN_IN_FAILURES_PER_EMAIL, email), await secondsBlocked(SIGN_IN_FAILURES_PER_IP, ip));
  if (blocked > 0) return { kind: "throttled", retryAfterSeconds: blocked };

  const user = await findUserByEmail(email);
  const valid = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, password);
  if (!user || !user.passwordHash || !valid) {
    const waits = await Promise.all([countEvent(SIGN_IN_FAILURES_PER_EMAIL, email), countEvent(SIGN_IN_FAILURES_PER_IP, ip)]);
    await recordSignIn({ userId: user?.id ?? null, email, ip, success: false });
    const wait = Math.max(...waits);
    return wait > 0 ? { kind: "throttled", retryAfterSeconds: wait } : { kind: "invalid" };
  }
  await resetKey(SIGN_IN_FAILURES_PER_EMAIL, email);
  await recordSignIn({ userId: user.id, email, ip, success: true });
  return { kind: "ok", user: { id: user.id, email: user.email, name: user.name } };
}
