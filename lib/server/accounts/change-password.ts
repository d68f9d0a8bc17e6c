import { findUserById, updateUserPassword } from "@/lib/db/users";
import { hashPassword, verifyPassword } from "../auth/password";
import { AppError, tooManyRequests } from "../http/app-error";
import { SIGN_IN_FAILURES_PER_EMAIL_AND_IP, countEvent, emailAndIp, formatWait, secondsBlocked } from "../rate-limit";

const tooMany = (seconds: number) => tooManyRequests(`Too many wrong passwords. Try again in ${formatWait(seconds)}.`, seconds);

/**
 * Wrong current passwords count against the same (email, address) allowance as failed sign-ins: a held
 * session must not become a way around the sign-in lock to guess the password. Ends every session
 * of the user; returns the new session version.
 */
export async function changePassword(
  { userId, ip }: { userId: string; ip: string },
  currentPassword: string,
  newPassword: string,
): Promise<number> {
  const user = await findUserById(userId);
  if (user) {
    const blocked = await secondsBlocked(SIGN_IN_FAILURES_PER_EMAIL_AND_IP, emailAndIp(user.email, ip));
    if (blocked > 0) throw tooMany(blocked);
  }
  if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, currentPassword))) {
    const wait = user ? await countEvent(SIGN_IN_FAILURES_PER_EMAIL_AND_IP, emailAndIp(user.email, ip)) : 0;
    if (wait > 0) throw tooMany(wait);
    throw new AppError(422, "wrong_password", "The current password is not correct.", {
      issues: [{ path: "currentPassword", message: "The current password is not correct." }],
    });
  }
  return updateUserPassword(userId, await hashPassword(newPassword), ip);
}
