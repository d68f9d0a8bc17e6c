import type { FormActor } from "@/lib/forms";
import { findUserById } from "@/lib/db/users";
import type { TenantContext } from "@/lib/db/tenant-context";

/** The signed-in person as a form writer or decider: the history and "Not approved by <name>" show their name. */
export async function personActor(ctx: Pick<TenantContext, "userId">): Promise<FormActor> {
  const user = await findUserById(ctx.userId);
  return { kind: "person", id: ctx.userId, name: user?.name || user?.email || "a team member" };
}
