import { listOrganizationsForUser } from "@/lib/db/organizations";
import type { SessionUser } from "./auth/session";

/** What the app shell shows for a signed-in user: who they are and where they can switch to. */
export async function shellData(user: SessionUser) {
  const organizations = await listOrganizationsForUser(user.id);
  return {
    user: { name: user.name, email: user.email },
    organizations: organizations.map((o) => ({ slug: o.slug, name: o.name, role: o.role })),
  };
}
