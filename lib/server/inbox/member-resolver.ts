import type { InboxResolver } from "@/lib/agent";
import { findUserById } from "@/lib/db/users";

/** A member as an item's resolver: their user id and the name the agent and the page show (the email when they set none). */
export async function memberResolver(userId: string): Promise<InboxResolver> {
  const user = await findUserById(userId);
  return { kind: "member", id: userId, name: user?.name || user?.email || null };
}
