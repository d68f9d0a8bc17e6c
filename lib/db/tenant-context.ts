import type { RoleName } from "@/lib/schemas/account";

/**
 * Who is acting, in which organization, with which role. Resolved once per request by
 * lib/server/tenant; every lib/db function on tenant data takes it and filters by organizationId.
 */
export interface TenantContext {
  userId: string;
  organizationId: string;
  orgSlug: string;
  role: RoleName;
}

export const isAdmin = (ctx: Pick<TenantContext, "role">) => ctx.role === "owner" || ctx.role === "admin";
