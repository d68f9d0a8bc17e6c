import { findUserById, updateUserPasswordHash } from "@/lib/db/users";
import { hashPassword, verifyPassword } from "../auth/password";
import { AppError, tooManyRequests } from "../http/app-error";
import { SIGN_IN_FAILURES_PER_EMAIL, countEvent, formatWait, secondsBlocked } from "../rate-limit";

const tooMany = (seconds: number) => tooManyRequests(`Too many wrong passwords. Try again in ${formatWait(seconds)}.`, seconds);

/**
 * Wrong current passwords count against the same per-email allowance as failed sign-ins: a held
 * session must not become a way around the sign-in lock to guess the password.
 */
export async function changePassword(userId: string, currentPassword: string, newPassword: string) {
  const user = await findUserById(userId);
  if (user) {
    const blocked = await secondsBlocked(SIGN_IN_FAILURES_PER_EMAIL, user.email);
    if (blocked > 0) throw tooMany(blocked);
  }
  if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, currentPassword))) {
    const wait = user ? await countEvent(SIGN_IN_FAILURES_PER_EMAIL, user.email) : 0;
    if (wait > 0) throw tooMany(wait);
    throw new AppError(422, "wrong_password", "The current password is not correct.", { issues: [{ path: "currentPassword", message: "The current password is not correct." }] });
  }
  await updateUserPasswordHash(userId, await hashPassword(newPassword));
}
