import { cache } from "react";
import type { SessionUser } from "@/lib/server/auth/session";
import { shellData } from "@/lib/server/shell-data";

/**
 * The app shell's data (the user and their organizations), read once per server render: the
 * layouts read it for the shell, and their pages take organization names and roles from it
 * instead of reading them again. Keyed on the user object, which `currentUser()` caches per render.
 */
export const shellFor = cache((user: SessionUser) => shellData(user));

/** The signed-in user's name for one of their organizations, from the shell's read. */
export async function organizationName(user: SessionUser, orgSlug: string): Promise<string | undefined> {
  return (await shellFor(user)).organizations.find((organization) => organization.slug === orgSlug)?.name;
}
