import { cache } from "react";
import { resolveTenantContext } from "@/lib/db/organizations";
import type { TenantContext } from "@/lib/db/tenant-context";
import { isAdmin } from "@/lib/db/tenant-context";
import { currentUser, requireSessionUserId } from "./auth/session";
import { forbidden, notFound } from "./http/app-error";
import { slugSchema } from "@/lib/schemas/text";

// A slug that cannot exist (NUL, unpaired surrogates, other characters) is not found without a query: Postgres refuses NUL in text.
const possibleSlug = (orgSlug: string) => slugSchema.safeParse(orgSlug).success;

/**
 * The tenant context for the signed-in user and an organization slug, resolved once per
 * request. Non-members get 404 (not 403) so other teams' slugs are not confirmed.
 */
export const tenantFor = cache(async (orgSlug: string): Promise<TenantContext | null> => {
  const user = await currentUser();
  if (!user || !possibleSlug(orgSlug)) return null;
  return resolveTenantContext(user.id, orgSlug);
});

/** The membership lookup also proves the session's user still exists (a deleted user has none). */
export async function requireTenant(orgSlug: string): Promise<TenantContext> {
  const userId = await requireSessionUserId();
  const ctx = possibleSlug(orgSlug) ? await resolveTenantContext(userId, orgSlug) : null;
  if (!ctx) throw notFound("This organization");
  return ctx;
}

export async function requireAdmin(orgSlug: string): Promise<TenantContext> {
  const ctx = await requireTenant(orgSlug);
  if (!isAdmin(ctx)) throw forbidden("Only owners and admins can do this. Ask an admin of this organization.");
  return ctx;
}
