import { EmailTakenError, createUserWithOrganization, findUserByEmail } from "@/lib/db/users";
import { recordSignUpAttemptNotice } from "@/lib/db/demo-mailbox";
import type { SignUpInput } from "@/lib/schemas/account";
import { hashPassword } from "../auth/password";
import { SIGN_UPS_PER_IP, enforce } from "../rate-limit";

/** The one answer to every accepted sign-up, new address or taken: it must not say which. */
export const SIGN_UP_ACCEPTED = { status: "accepted" } as const;

/**
 * Creates the account, or, when the address already has one, tells its owner by email instead:
 * the caller gets the same answer either way, and the password is hashed either way so the
 * time taken does not tell either.
 */
export async function signUp(input: SignUpInput, ip: string): Promise<typeof SIGN_UP_ACCEPTED> {
  await enforce(SIGN_UPS_PER_IP, ip, "sign-ups from this network");
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(input.email);
  try {
    if (!existing) {
      await createUserWithOrganization({ email: input.email, name: input.name, passwordHash, organizationName: input.organization, ip });
      return SIGN_UP_ACCEPTED;
    }
  } catch (error) {
    if (!(error instanceof EmailTakenError)) throw error;
  }
  // Taken (or taken meanwhile by a concurrent sign-up).
  const owner = existing ?? (await findUserByEmail(input.email));
  if (owner) await recordSignUpAttemptNotice(owner.id, owner.email);
  return SIGN_UP_ACCEPTED;
}
