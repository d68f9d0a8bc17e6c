import { prisma } from "./client";
import { createOrganizationTx } from "./users";
import { recordAudit } from "./audit";

export interface OAuthAccountInput {
  provider: string;
  providerAccountId: string;
  type: string;
  access_token?: string | null;
  refresh_token?: string | null;
  expires_at?: number | null;
  token_type?: string | null;
  scope?: string | null;
  id_token?: string | null;
}

/**
 * Finds the user of an OAuth account, or creates user + organization + account for a new
 * email. An email that already has a password account is not linked silently (that would let
 * whoever controls the provider account take it over): the caller answers OAuthAccountNotLinked.
 */
export async function findOrCreateOAuthUser(account: OAuthAccountInput, email: string, name: string) {
  const linked = await prisma.account.findUnique({
    where: { provider_providerAccountId: { provider: account.provider, providerAccountId: account.providerAccountId } },
    select: { user: { select: { id: true, email: true, name: true } } },
  });
  if (linked) return linked.user;
  const existing = await prisma.user.findUnique({ where: { email: email.toLowerCase() }, select: { id: true } });
  if (existing) return null;
  return prisma.$transaction(async (tx) => {
    const user = await tx.user.create({ data: { email: email.toLowerCase(), name, emailVerified: new Date() } });
    await tx.account.create({
      data: {
        userId: user.id,
        type: account.type,
        provider: account.provider,
        providerAccountId: account.providerAccountId,
        access_token: account.access_token ?? null,
        refresh_token: account.refresh_token ?? null,
        expires_at: account.expires_at ?? null,
        token_type: account.token_type ?? null,
        scope: account.scope ?? null,
        id_token: account.id_token ?? null,
      },
    });
    const organization = await createOrganizationTx(tx, `${name}'s team`, user.id);
    await recordAudit(
      {
        organizationId: organization.id,
        actorId: user.id,
        action: "user.signed_up",
        target: user.email,
        metadata: { provider: account.provider },
      },
      tx,
    );
    return { id: user.id, email: user.email, name: user.name };
  });
}
