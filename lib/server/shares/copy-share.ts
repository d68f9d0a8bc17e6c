import { createConversationCopy, readSharedConversation } from "@/lib/db/share-links";
import { listOrganizationsForUser } from "@/lib/db/organizations";
import { AppError, notFound } from "@/lib/server/http/app-error";
import type { OpenShare } from "./open-share";
import { copyMessages, sharedEntries } from "./shared-view";

/**
 * "Continue as my copy": the rows the viewer sees, as plain messages of a new conversation of
 * theirs. The organization is the one named (they must be a member), else the link's own when
 * they belong to it, else their first (where sign-in lands). The caller has opened the link for
 * them (`openShare`), so they are in its audience.
 */
export async function copyShare(
  share: OpenShare,
  viewer: { userId: string; ip: string | null },
  organizationSlug?: string,
): Promise<{ conversationId: string; url: string }> {
  const organizations = await listOrganizationsForUser(viewer.userId);
  const target = organizationSlug
    ? organizations.find((organization) => organization.slug === organizationSlug)
    : (organizations.find((organization) => organization.id === share.organizationId) ?? organizations[0]);
  if (organizationSlug && !target) throw notFound("This organization");
  if (!target)
    throw new AppError(409, "no_organization", "Create an organization first (Account → Organizations), then copy the conversation.");
  const { messages, slots } = await readSharedConversation(share);
  const rows = copyMessages(sharedEntries(messages, slots, share.mode === "snapshot" ? share.createdAt : null));
  const { conversationId } = await createConversationCopy(
    { organizationId: target.id, userId: viewer.userId },
    { title: share.title, messages: rows },
    viewer.ip,
  );
  return { conversationId, url: `/${target.slug}/c/${conversationId}` };
}
