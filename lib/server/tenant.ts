import { cache } from "react";
import { resolveTenantContext } from "@/lib/db/organizations";
import type { TenantContext } from "@/lib/db/tenant-context";
import { currentUser } from "./auth/session";
import { slugSchema } from "@/lib/schemas/text";

// A slug that cannot exist (NUL, unpaired surrogates, other characters) is not found without a query: Postgres refuses NUL in text.
const possibleSlug = (orgSlug: string) => slugSchema.safeParse(orgSlug).success;

/**
 * The tenant context of pages and layouts for the signed-in user and an organization slug, once
 * per render; null for non-members (pages answer 404, not 403, so other teams' slugs are not
 * confirmed). Route handlers get theirs from `memberRoute` (lib/server/http/route-builders.ts).
 */
export const tenantFor = cache(async (orgSlug: string): Promise<TenantContext | null> => {
  const user = await currentUser();
  if (!user || !possibleSlug(orgSlug)) return null;
  return resolveTenantContext(user.id, orgSlug);
});
