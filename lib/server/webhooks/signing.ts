import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Webhook signatures, both ways (docs/webhooks.md).
 *
 * Outbound, the Standard Webhooks way (https://www.standardwebhooks.com), so a receiver verifies
 * with the `standardwebhooks` package or any other implementation: a secret is `whsec_` and the
 * base64 of at least 24 random bytes; each delivery carries `webhook-id` (stable across retries, so
 * receivers de-duplicate), `webhook-timestamp` (whole seconds) and `webhook-signature`, the
 * space-separated list `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, one per secret: during
 * a rotation's grace period the previous secret signs too, and a receiver that still holds it
 * keeps verifying.
 *
 * Inbound: the same scheme for senders that speak Standard Webhooks (`verifyStandardWebhook`), and
 * GitHub's `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the body>` (`verifyHubSignature`). Both
 * compare in constant time and never throw on a malformed header.
 */

export const WEBHOOK_SECRET_PREFIX = "whsec_";
/** Standard Webhooks asks for 24 to 64 bytes; ours are 32. */
export const WEBHOOK_SECRET_MIN_BYTES = 24;
const GENERATED_SECRET_BYTES = 32;
/** How far a Standard Webhooks timestamp may be from now, either way (the standard's and the library's 5 minutes). */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export class WebhookSecretError extends Error {
  override name = "WebhookSecretError";
}

/** A new signing secret, to be shown once and stored encrypted. */
export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(GENERATED_SECRET_BYTES).toString("base64");
}

/** The key bytes of a `whsec_` secret; throws a WebhookSecretError saying what is wrong with it. */
export function webhookSecretKey(secret: string): Buffer {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) throw new WebhookSecretError(`A signing secret starts with "${WEBHOOK_SECRET_PREFIX}".`);
  const encoded = secret.slice(WEBHOOK_SECRET_PREFIX.length);
  if (!BASE64.test(encoded) || encoded.length % 4 !== 0) {
    throw new WebhookSecretError(`A signing secret is "${WEBHOOK_SECRET_PREFIX}" followed by base64.`);
  }
  const key = Buffer.from(encoded, "base64");
  if (key.length < WEBHOOK_SECRET_MIN_BYTES) {
    throw new WebhookSecretError(`A signing secret holds at least ${WEBHOOK_SECRET_MIN_BYTES} bytes; this one holds ${key.length}.`);
  }
  return key;
}

export interface WebhookMessage {
  /** The event's id: the same on every attempt. */
  id: string;
  /** When this attempt is sent. */
  timestamp: Date;
  /** The exact bytes sent as the request body. */
  body: string;
}

export interface StandardWebhookHeaders {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
}

const seconds = (time: Date) => Math.floor(time.getTime() / 1000);

function signature(key: Buffer, id: string, timestamp: number, body: string | Buffer): Buffer {
  return createHmac("sha256", key).update(`${id}.${timestamp}.`).update(body).digest();
}

/** The three Standard Webhooks headers for `message`, signed with every secret in `secrets` (current first). */
export function signWebhook(message: WebhookMessage, secrets: readonly string[]): StandardWebhookHeaders {
  if (secrets.length === 0) throw new WebhookSecretError("A webhook is signed with at least one secret.");
  if (/[\s,.]/.test(message.id) || message.id === "") throw new WebhookSecretError("A webhook id has no spaces, commas or dots.");
  const timestamp = seconds(message.timestamp);
  return {
    "webhook-id": message.id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": secrets
      .map((secret) => `v1,${signature(webhookSecretKey(secret), message.id, timestamp, message.body).toString("base64")}`)
      .join(" "),
  };
}

export type InboundVerdict = { ok: true } | { ok: false; reason: string };

const header = (headers: Headers | Record<string, string | undefined>, name: string): string | undefined =>
  headers instanceof Headers ? (headers.get(name) ?? undefined) : (headers[name] ?? headers[name.toLowerCase()]);

const sameBytes = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

/**
 * Checks a Standard Webhooks request: the timestamp within the tolerance of `now`, and one of its
 * `v1` signatures made by one of `secrets` over the raw body. `reason` is for the event log, not for
 * the sender.
 */
export function verifyStandardWebhook(
  body: string | Buffer,
  headers: Headers | Record<string, string | undefined>,
  secrets: readonly string[],
  now: Date = new Date(),
): InboundVerdict {
  const id = header(headers, "webhook-id");
  const stamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !stamp || !signatures) return { ok: false, reason: "missing webhook-id, webhook-timestamp or webhook-signature" };
  if (!/^\d{1,12}$/.test(stamp)) return { ok: false, reason: "webhook-timestamp is not whole seconds" };
  const timestamp = Number(stamp);
  if (Math.abs(seconds(now) - timestamp) > WEBHOOK_TOLERANCE_SECONDS)
    return { ok: false, reason: "webhook-timestamp is too old or too new" };
  const offered = signatures
    .split(" ")
    .filter((entry) => entry.startsWith("v1,"))
    .map((entry) => Buffer.from(entry.slice(3), "base64"));
  for (const secret of secrets) {
    const expected = signature(webhookSecretKey(secret), id, timestamp, body);
    if (offered.some((candidate) => sameBytes(candidate, expected))) return { ok: true };
  }
  return { ok: false, reason: "no signature matches" };
}

export const HUB_SIGNATURE_HEADER = "x-hub-signature-256";

/** GitHub's `X-Hub-Signature-256` value for `body` (for senders in tests and docs). */
export function hubSignature(body: string | Buffer, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

/** Checks GitHub's `X-Hub-Signature-256: sha256=<hex>` over the raw body, in constant time. */
export function verifyHubSignature(body: string | Buffer, value: string | null | undefined, secret: string): InboundVerdict {
  if (!value) return { ok: false, reason: "missing X-Hub-Signature-256" };
  const match = /^sha256=([0-9a-fA-F]{64})$/.exec(value.trim());
  if (!match) return { ok: false, reason: "X-Hub-Signature-256 is not sha256=<64 hex digits>" };
  const expected = createHmac("sha256", secret).update(body).digest();
  return sameBytes(Buffer.from(match[1], "hex"), expected) ? { ok: true } : { ok: false, reason: "the signature does not match" };
}
