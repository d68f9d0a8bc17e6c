import type { Account } from "next-auth";
import { findOrCreateOAuthUser } from "@/lib/db/oauth-accounts";

export async function linkOAuthUser(input: { account: Account; email: string | null; name: string | null }) {
  if (!input.email) return null;
  return findOrCreateOAuthUser(
    {
      provider: input.account.provider,
      providerAccountId: input.account.providerAccountId,
      type: input.account.type,
      access_token: input.account.access_token,
      refresh_token: input.account.refresh_token,
      expires_at: input.account.expires_at,
      token_type: input.account.token_type,
      scope: input.account.scope,
      id_token: input.account.id_token,
    },
    input.email,
    input.name ?? input.email.split("@")[0],
  );
}
