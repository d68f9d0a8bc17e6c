// Each inbound verifier over the raw body: a good request, a tampered body, a wrong secret, a stale
// timestamp and a missing header; the reason never carries the expected value.
import { describe, expect, it } from "vitest";
import { hashBearerToken, newInboundCredential } from "@/lib/server/webhooks/inbound/credentials";
import { senderEventId, verifyInbound } from "@/lib/server/webhooks/inbound/verify";
import { generateWebhookSecret, hubSignature, signWebhook } from "@/lib/server/webhooks/signing";

const body = JSON.stringify({ data: { order_id: "ORD-42", approved: true } });
const now = new Date("2026-12-01T12:00:00Z");

describe("Standard Webhooks senders", () => {
  const secret = generateWebhookSecret();
  const verifier = { authKind: "standard_webhooks" as const, secret, tokenHash: null };
  const signed = (at = now, key = secret, sent = body) =>
    new Headers({ ...signWebhook({ id: "msg_1", timestamp: at, body: sent }, [key]) });

  it("accepts a good signature", () => {
    expect(verifyInbound(verifier, body, signed(), now)).toEqual({ ok: true });
  });
  it("refuses a tampered body, a wrong secret, a stale timestamp and missing headers", () => {
    expect(verifyInbound(verifier, body.replace("true", "false"), signed(), now)).toEqual({ ok: false, reason: "no signature matches" });
    expect(verifyInbound(verifier, body, signed(now, generateWebhookSecret()), now).ok).toBe(false);
    expect(verifyInbound(verifier, body, signed(new Date(now.getTime() - 6 * 60_000)), now)).toEqual({
      ok: false,
      reason: "webhook-timestamp is too old or too new",
    });
    const verdict = verifyInbound(verifier, body, new Headers(), now);
    expect(verdict.ok).toBe(false);
    expect(!verdict.ok && verdict.reason).toContain("webhook-signature");
  });
});

describe("GitHub-style senders", () => {
  const { secret } = newInboundCredential("hub_signature");
  const verifier = { authKind: "hub_signature" as const, secret, tokenHash: null };
  const headers = (value: string) => new Headers({ "x-hub-signature-256": value });

  it("accepts sha256=<hex HMAC of the raw body>", () => {
    expect(verifyInbound(verifier, body, headers(hubSignature(body, secret)), now)).toEqual({ ok: true });
  });
  it("refuses a tampered body, a wrong secret and a missing header, without telling the expected value", () => {
    const good = hubSignature(body, secret);
    const tampered = verifyInbound(verifier, `${body} `, headers(good), now);
    expect(tampered).toEqual({ ok: false, reason: "the signature does not match" });
    expect(verifyInbound(verifier, body, headers(hubSignature(body, "another secret")), now).ok).toBe(false);
    expect(verifyInbound(verifier, body, new Headers(), now)).toEqual({ ok: false, reason: "missing X-Hub-Signature-256" });
    expect(JSON.stringify(tampered)).not.toContain(hubSignature(`${body} `, secret).slice(7));
  });
});

describe("bearer senders", () => {
  const { secret: token, tokenHash } = newInboundCredential("bearer");
  const verifier = { authKind: "bearer" as const, secret: null, tokenHash };
  const headers = (authorization: string) => new Headers({ authorization });

  it("stores only the hash and accepts the token", () => {
    expect(tokenHash).toBe(hashBearerToken(token));
    expect(verifyInbound(verifier, body, headers(`Bearer ${token}`), now)).toEqual({ ok: true });
  });
  it("refuses another token, a malformed header and a missing one", () => {
    expect(verifyInbound(verifier, body, headers(`Bearer ${token}x`), now).ok).toBe(false);
    expect(verifyInbound(verifier, body, headers(token), now).ok).toBe(false);
    expect(verifyInbound(verifier, body, new Headers(), now)).toEqual({ ok: false, reason: "missing Authorization: Bearer <token>" });
  });
});

describe("senderEventId", () => {
  it("takes webhook-id or X-GitHub-Delivery, and nothing unprintable or oversized", () => {
    expect(senderEventId(new Headers({ "webhook-id": "msg_1" }))).toBe("msg_1");
    expect(senderEventId(new Headers({ "x-github-delivery": "72d3162e-cc78-11e3-81ab-4c9367dc0958" }))).toBe(
      "72d3162e-cc78-11e3-81ab-4c9367dc0958",
    );
    expect(senderEventId(new Headers({ "webhook-id": "x".repeat(201) }))).toBeNull();
    expect(senderEventId(new Headers())).toBeNull();
  });
});
