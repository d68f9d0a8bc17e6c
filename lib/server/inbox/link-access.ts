import { NextResponse } from "next/server";
import { findInboxItemForLink } from "@/lib/db/inbox-links";
import type { InboxItem as InboxItemRow } from "@/lib/db/generated/client";
import type { LimitSpec } from "@/lib/server/rate-limit";
import { verifyCapabilityToken } from "./capability-link";

/** POSTs to capability links per address: enough for a person or a system answering, too few to guess tokens. */
export const LINK_POSTS_PER_IP: LimitSpec = { keyPrefix: "inbox-link-ip", points: 60, durationSeconds: 60 };

export type LinkAccess = { ok: true; row: InboxItemRow; linkExpiresAt: Date } | { ok: false; response: Response };

const refusal = (status: 404 | 410, code: string, message: string) =>
  NextResponse.json({ error: { code, message, details: null } }, { status });

/**
 * The item a link names, or the answer to give instead: a malformed link, a tampered one and one whose
 * item is gone (its conversation was deleted) are the same 404, so a guess learns nothing; an expired
 * link is a 410 (the holder should ask for a new one). 410 is not an AppError status: it is answered here.
 */
export async function openLink(token: string): Promise<LinkAccess> {
  const check = verifyCapabilityToken(token);
  if (!check.ok && check.reason === "expired")
    return { ok: false, response: refusal(410, "link_expired", "This link has expired. Ask whoever sent it for a new one.") };
  const row = check.ok ? await findInboxItemForLink(check.publicId) : null;
  if (!check.ok || !row)
    return {
      ok: false,
      response: refusal(404, "invalid_link", "This link is not valid. Check that it was copied completely, or ask for a new one."),
    };
  return { ok: true, row, linkExpiresAt: check.expiresAt };
}
