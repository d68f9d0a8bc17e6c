import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { serverEnv } from "@/lib/server/env";

/**
 * Tenant secrets at rest (provider keys, later webhook secrets): AES-256-GCM with a key derived
 * (HKDF-SHA256) from ENCRYPTION_KEY, or AUTH_SECRET when no separate key is set. The `context`
 * (e.g. "provider-key:<organizationId>") is authenticated data: a sealed value copied to another
 * tenant's row does not open there.
 *
 * Format: `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */

const VERSION = "v1";
const IV_BYTES = 12;

const derivedKeys = new Map<string, Buffer>();

function encryptionKey(): Buffer {
  const env = serverEnv();
  const secret = env.ENCRYPTION_KEY || env.AUTH_SECRET;
  if (!secret) throw new Error("Set ENCRYPTION_KEY (or AUTH_SECRET) so tenant secrets can be encrypted.");
  let key = derivedKeys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "handoff-secret-box", "tenant secrets v1", 32));
    derivedKeys.set(secret, key);
  }
  return key;
}

export function sealSecret(plaintext: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(), iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** Throws `SecretUnreadableError` when the value was sealed with another key or context, or was altered. */
export function openSecret(sealed: string, context: string): string {
  const [version, iv, tag, ciphertext] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new SecretUnreadableError();
  try {
    const decipher = createDecipheriv("aes-256-gcm", encryptionKey(), Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretUnreadableError();
  }
}

export class SecretUnreadableError extends Error {
  constructor() {
    super(
      "A stored secret could not be decrypted: the server's ENCRYPTION_KEY (or AUTH_SECRET) changed, or the value was altered. Set the secret again.",
    );
    this.name = "SecretUnreadableError";
  }
}
