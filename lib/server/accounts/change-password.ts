import { findUserById, updateUserPasswordHash } from "@/lib/db/users";
import { hashPassword, verifyPassword } from "../auth/password";
import { AppError } from "../http/app-error";

export async function changePassword(userId: string, currentPassword: string, newPassword: string) {
  const user = await findUserById(userId);
  if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, currentPassword))) {
    throw new AppError(422, "wrong_password", "The current password is not correct.", { issues: [{ path: "currentPassword", message: "The current password is not correct." }] });
  }
  await updateUserPasswordHash(userId, await hashPassword(newPassword));
}
