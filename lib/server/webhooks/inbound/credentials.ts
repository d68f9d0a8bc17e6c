import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { InboundAuthKind } from "@/lib/schemas/inbound-endpoints";
import { generateWebhookSecret } from "@/lib/server/webhooks/signing";

/**
 * What an inbound endpoint's senders prove themselves with, made once and shown once. Signing secrets
 * (Standard Webhooks `whsec_…`, a hub signature's HMAC key) are needed again to verify, so they are
 * sealed; a bearer token only needs to be recognised, so only its SHA-256 is kept (256 random bits: a
 * plain hash cannot be guessed back).
 */

export const BEARER_TOKEN_PREFIX = "hib_";
const HUB_SECRET_PREFIX = "hhs_";

export interface NewInboundCredential {
  /** Shown to the admin this once. */
  secret: string;
  /** Stored: the secret to seal, or null for a bearer token. */
  toSeal: string | null;
  tokenHash: string | null;
}

export const hashBearerToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

export function newInboundCredential(kind: InboundAuthKind): NewInboundCredential {
  switch (kind) {
    case "standard_webhooks": {
      const secret = generateWebhookSecret();
      return { secret, toSeal: secret, tokenHash: null };
    }
    case "hub_signature": {
      const secret = HUB_SECRET_PREFIX + randomBytes(32).toString("hex");
      return { secret, toSeal: secret, tokenHash: null };
    }
    case "bearer": {
      const token = BEARER_TOKEN_PREFIX + randomBytes(32).toString("base64url");
      return { secret: token, toSeal: null, tokenHash: hashBearerToken(token) };
    }
  }
}

/** The context a sealed secret is bound to: copied to another endpoint's row, it does not open. */
export const inboundSecretContext = (organizationId: string, endpointId: string) => `inbound-secret:${organizationId}:${endpointId}`;

/** Whether `header` is `Bearer <token>` for the token hashed as `tokenHash`, compared in constant time. */
export function bearerMatches(header: string | null, tokenHash: string): boolean {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header ?? "");
  if (!match) return false;
  const offered = Buffer.from(hashBearerToken(match[1]), "hex");
  const expected = Buffer.from(tokenHash, "hex");
  return offered.length === expected.length && timingSafeEqual(offered, expected);
}
