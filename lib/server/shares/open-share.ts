import { findOpenShareLink, isMemberOf, type ShareLinkRow } from "@/lib/db/share-links";
import { hashShareToken, possibleShareToken } from "./token";

export type OpenShare = ShareLinkRow & { title: string };

/**
 * What a token opens for a viewer (a user id, or null signed out). Unknown, revoked and expired
 * links and a viewer outside the audience are all `not_found`, so a guess or a stranger learns
 * nothing; only a signed-out viewer of a members' link is told to sign in. The audience is
 * checked on every view, so a member who leaves loses the link at once.
 */
export async function openShare(
  token: string,
  viewerId: string | null,
): Promise<{ ok: true; share: OpenShare } | { ok: false; reason: "not_found" | "sign_in" }> {
  const share = possibleShareToken(token) ? await findOpenShareLink(hashShareToken(token)) : null;
  if (!share) return { ok: false, reason: "not_found" };
  if (share.audience === "public") return { ok: true, share };
  if (!viewerId) return { ok: false, reason: "sign_in" };
  if (share.audience === "people" && !share.peopleIds.includes(viewerId)) return { ok: false, reason: "not_found" };
  return (await isMemberOf(viewerId, share.organizationId)) ? { ok: true, share } : { ok: false, reason: "not_found" };
}

export const SHARE_NOT_FOUND_MESSAGE =
  "This link does not open anything: it may have been revoked or expired, or was not copied completely. Ask whoever shared it for a new one.";
