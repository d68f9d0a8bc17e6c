import { readSharedConversation, touchShareLink } from "@/lib/db/share-links";
import type { SharedConversation } from "@/lib/schemas/shares";
import type { OpenShare } from "./open-share";
import { sharedEntries } from "./shared-view";

/**
 * The read-only conversation a link shows, built from the stored messages (never the raw store):
 * a snapshot up to its pinned message and cards as they stood when the link was made, a live
 * link the conversation as it is now. Records the view (lastViewedAt).
 */
export async function sharedConversation(share: OpenShare, viewerId: string | null): Promise<SharedConversation> {
  const [{ messages, slots, truncated }] = await Promise.all([readSharedConversation(share), touchShareLink(share)]);
  return {
    title: share.title,
    mode: share.mode,
    audience: share.audience,
    sharedAt: share.createdAt.toISOString(),
    expiresAt: share.expiresAt?.toISOString() ?? null,
    entries: sharedEntries(messages, slots, share.mode === "snapshot" ? share.createdAt : null),
    earlierOmitted: truncated,
    canCopy: viewerId !== null,
  };
}
