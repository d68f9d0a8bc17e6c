import { createHash, randomBytes } from "node:crypto";

/** Characters of the token the list shows, so the sharer can tell links apart; far too few to open one. */
export const SHARE_TOKEN_PREFIX_LENGTH = 6;

/** SHA-256 of a link's token: the only form stored, so a database read never yields a working link. */
export const hashShareToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/** A fresh token (32 random bytes, base64url), its hash and its shown prefix. */
export function newShareToken(): { token: string; tokenHash: string; tokenPrefix: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashShareToken(token), tokenPrefix: token.slice(0, SHARE_TOKEN_PREFIX_LENGTH) };
}

/** A token a link could carry; anything else is not looked up. */
export const possibleShareToken = (token: string) => /^[A-Za-z0-9_-]{20,100}$/.test(token);
