import { build, sessionAuthenticator } from "@/lib/server/http/route-builders";
import { clientIp } from "@/lib/server/http/client-ip";
import type { PublicContext } from "@/lib/server/http/principal";
import { AppError, unauthorized } from "@/lib/server/http/app-error";
import { enforce, type LimitSpec } from "@/lib/server/rate-limit";
import { openShare, SHARE_NOT_FOUND_MESSAGE, type OpenShare } from "./open-share";

/** Reads of share links per address: plenty for people reloading a live link, too few to guess tokens. */
export const SHARE_READS_PER_IP: LimitSpec = { keyPrefix: "share-read-ip", points: 300, durationSeconds: 60 };

export type ShareContext = PublicContext & { viewerId: string | null; share: OpenShare };

/**
 * The `/api/shares/{token}` builder: a link is its own authority, so no session is needed, but one
 * is read when present (an audience of members, "continue as my copy"). 429 past the address's
 * allowance, then the same 404 for an unknown, revoked, expired link and a viewer outside its
 * audience; 401 only for a signed-out viewer of a members' link.
 */
export const shareRoute = build<ShareContext, { token: string }>(async (request, { token }) => {
  const ip = clientIp(request);
  await enforce(SHARE_READS_PER_IP, ip, "share link views from your network");
  const claim = await sessionAuthenticator(request);
  const viewerId = claim && (await claim.isCurrent()) ? claim.principal.userId : null;
  const opened = await openShare(token, viewerId);
  if (opened.ok) return { ip, viewerId, share: opened.share };
  if (opened.reason === "sign_in") throw unauthorized();
  throw new AppError(404, "share_not_found", SHARE_NOT_FOUND_MESSAGE);
});
