import { createUserWithOrganization } from "@/lib/db/users";
import type { SignUpInput } from "@/lib/schemas/account";
import { hashPassword } from "../auth/password";
import { SIGN_UPS_PER_IP, enforce } from "../rate-limit";

export async function signUp(input: SignUpInput, ip: string) {
  await enforce(SIGN_UPS_PER_IP, ip, "sign-ups from this network");
  const passwordHash = await hashPassword(input.password);
  const { user, organization } = await createUserWithOrganization({
    email: input.email,
    name: input.name,
    passwordHash,
    organizationName: input.organization,
    ip,
  });
  return {
    user: { id: user.id, email: user.email, name: user.name },
    organization: { id: organization.id, slug: organization.slug, name: organization.name, role: "owner" as const },
  };
}
