import { redirect } from "next/navigation";
import { requireUser } from "@/lib/server/auth/session";
import { listOrganizationsForUser } from "@/lib/db/organizations";

export const dynamic = "force-dynamic";

/** Where sign-in lands: the user's first organization, or account settings to create one. */
export default async function AppEntry() {
  const user = await requireUser().catch(() => redirect("/sign-in"));
  const organizations = await listOrganizationsForUser(user.id);
  redirect(organizations[0] ? `/${organizations[0].slug}` : "/account?welcome=1");
}
