import { setTimeout as sleep } from "node:timers/promises";
import { findUserByEmail } from "@/lib/db/users";
import { recordSignIn } from "@/lib/db/sign-ins";
import { verifyPassword } from "./password";
import {
  SIGN_IN_FAILURES_PER_EMAIL,
  SIGN_IN_FAILURES_PER_EMAIL_AND_IP,
  SIGN_IN_FAILURES_PER_IP,
  countEvent,
  emailAndIp,
  eventsCounted,
  resetKey,
  secondsBlocked,
  signInDelayMs,
} from "../rate-limit";

export type CredentialsOutcome =
  | { kind: "ok"; user: { id: string; email: string; name: string } }
  | { kind: "invalid" }
  | { kind: "throttled"; retryAfterSeconds: number };

// A valid-looking hash so unknown emails cost the same time as wrong passwords.
export const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$2Dv2J5sKzPe6UtPqvZ3d6cZyY0Mzb2cH8m8pV0pL3h8";

/**
 * Email + password check. Failures lock the (email, address) pair and the address; per email they
 * only add a delay, taken before the answer is known whatever it will be (a delay only on failure
 * would tell a guesser that a fast answer is a hit), so nobody can lock the owner out.
 */
export async function checkCredentials(email: string, password: string, ip: string): Promise<CredentialsOutcome> {
  const pair = emailAndIp(email, ip);
  const [pairBlocked, ipBlocked, emailFailures] = await Promise.all([
    secondsBlocked(SIGN_IN_FAILURES_PER_EMAIL_AND_IP, pair),
    secondsBlocked(SIGN_IN_FAILURES_PER_IP, ip),
    eventsCounted(SIGN_IN_FAILURES_PER_EMAIL, email.toLowerCase()),
  ]);
  const blocked = Math.max(pairBlocked, ipBlocked);
  if (blocked > 0) return { kind: "throttled", retryAfterSeconds: blocked };
  const delay = signInDelayMs(emailFailures);
  if (delay > 0) await sleep(delay);

  const user = await findUserByEmail(email);
  const valid = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, password);
  if (!user || !user.passwordHash || !valid) {
    const waits = await Promise.all([
      countEvent(SIGN_IN_FAILURES_PER_EMAIL_AND_IP, pair),
      countEvent(SIGN_IN_FAILURES_PER_IP, ip),
      countEvent(SIGN_IN_FAILURES_PER_EMAIL, email.toLowerCase()),
    ]);
    await recordSignIn({ userId: user?.id ?? null, email, ip, success: false });
    const wait = Math.max(...waits);
    return wait > 0 ? { kind: "throttled", retryAfterSeconds: wait } : { kind: "invalid" };
  }
  await Promise.all([resetKey(SIGN_IN_FAILURES_PER_EMAIL_AND_IP, pair), resetKey(SIGN_IN_FAILURES_PER_EMAIL, email.toLowerCase())]);
  await recordSignIn({ userId: user.id, email, ip, success: true });
  return { kind: "ok", user: { id: user.id, email: user.email, name: user.name } };
}
