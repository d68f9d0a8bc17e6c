import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { ApiKeyScope } from "@/lib/schemas/api-keys";

/**
 * API keys are `hk_<publicId>_<secret>`: `publicId` is 16 hex characters (8 random bytes; it finds
 * the row and is shown in lists), `secret` 32 random bytes in base64url (43 characters, may itself
 * hold `_` and `-`: the public id has a fixed length, so parsing stays unambiguous).
 *
 * Stored: the SHA-256 of the whole key. The secret has 256 bits of entropy, so a plain hash cannot be
 * guessed back (no dictionary to try), and unlike an HMAC with a server secret it survives a rotation
 * of AUTH_SECRET. Compared in constant time.
 */
export const API_KEY_PREFIX = "hk_";
const KEY_PATTERN = /^hk_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

export interface ParsedApiKey {
  publicId: string;
  key: string;
}

export function generateApiKey(): { key: string; publicId: string; keyHash: string } {
  const publicId = randomBytes(8).toString("hex");
  const key = `${API_KEY_PREFIX}${publicId}_${randomBytes(32).toString("base64url")}`;
  return { key, publicId, keyHash: hashApiKey(key) };
}

/** The key of a well-formed value, or null. */
export function parseApiKey(value: string): ParsedApiKey | null {
  const match = KEY_PATTERN.exec(value);
  return match ? { publicId: match[1], key: value } : null;
}

export const hashApiKey = (key: string) => createHash("sha256").update(key, "utf8").digest("hex");

/** Hex hashes of equal length compared without an early exit. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** What a list shows in place of the key. */
export const apiKeyDisplayPrefix = (publicId: string) => `${API_KEY_PREFIX}${publicId}_…`;

/** The bearer credential of an `Authorization` header: the key, "malformed", or null when there is none. */
export function bearerCredential(header: string | null): ParsedApiKey | "malformed" | null {
  if (header === null || header.trim() === "") return null;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  if (!match) return "malformed";
  return parseApiKey(match[1]) ?? "malformed";
}

/** The first of `required` that `granted` lacks, or null. */
export const missingScope = (granted: readonly string[], required: readonly ApiKeyScope[]): ApiKeyScope | null =>
  required.find((scope) => !granted.includes(scope)) ?? null;
