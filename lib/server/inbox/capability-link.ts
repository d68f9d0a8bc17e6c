import "server-only";
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { serverEnv } from "@/lib/server/env";

/**
 * Capability links: a signed, expiring token naming exactly one inbox item, so a third party can resolve
 * it with a POST and no API key (Trigger.dev's waitpoint tokens). The token is
 * `<publicId>.<expiry, unix seconds in base 36>.<HMAC-SHA256, base64url>`, keyed by HKDF from AUTH_SECRET:
 * nothing is stored, a changed byte or a later expiry fails the signature, and a used link stays harmless
 * (first answer wins: the same answer again is 200, another one 409).
 */

/** A link lives as long as its item may be answered: until the item's expiry, or this long after posting. */
export const CAPABILITY_LINK_TTL_MS = 30 * 24 * 3600 * 1000;
const PATH = "/api/inbox/links/";

let cached: { secret: string; key: Buffer } | null = null;
function linkKey(): Buffer {
  const env = serverEnv();
  const secret = env.AUTH_SECRET || env.NEXTAUTH_SECRET;
  if (!secret) throw new Error("Set AUTH_SECRET so inbox capability links can be signed.");
  if (cached?.secret !== secret)
    cached = { secret, key: Buffer.from(hkdfSync("sha256", secret, "handoff-inbox-links", "inbox capability links v1", 32)) };
  return cached.key;
}

const sign = (payload: string) => createHmac("sha256", linkKey()).update(`inbox-link:v1:${payload}`).digest("base64url");

/** When a link to this item stops working. */
export const linkExpiry = (item: { createdAt: Date; expiresAt: Date | null }) =>
  item.expiresAt ?? new Date(item.createdAt.getTime() + CAPABILITY_LINK_TTL_MS);

export function capabilityToken(publicId: string, expiresAt: Date): string {
  const payload = `${publicId}.${Math.floor(expiresAt.getTime() / 1000).toString(36)}`;
  return `${payload}.${sign(payload)}`;
}

export type CapabilityCheck = { ok: true; publicId: string; expiresAt: Date } | { ok: false; reason: "malformed" | "tampered" | "expired" };

/** Checks a token: its form, its signature (constant time), then its expiry. */
export function verifyCapabilityToken(token: string, now = new Date()): CapabilityCheck {
  const match = /^(inb_[0-9a-f]{32})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: "malformed" };
  const [, publicId, expiry, signature] = match;
  const expected = Buffer.from(sign(`${publicId}.${expiry}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "tampered" };
  const expiresAt = new Date(parseInt(expiry, 36) * 1000);
  if (expiresAt <= now) return { ok: false, reason: "expired" };
  return { ok: true, publicId, expiresAt };
}

/** The link's path (`/api/inbox/links/<token>`). */
export const capabilityPath = (token: string) => `${PATH}${token}`;

/** The absolute link on `origin` (APP_URL when set); null without either, where only the path can be given. */
export function capabilityUrl(token: string, origin?: string): string | null {
  const base = serverEnv().APP_URL ?? origin;
  return base ? new URL(capabilityPath(token), base).toString() : null;
}
