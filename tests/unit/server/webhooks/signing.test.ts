import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import {
  generateWebhookSecret,
  hubSignature,
  signWebhook,
  verifyHubSignature,
  verifyStandardWebhook,
  webhookSecretKey,
  WebhookSecretError,
} from "@/lib/server/webhooks/signing";

const body = JSON.stringify({ id: "evt_1", type: "inbox.item.created", data: { tag: "po", text: "Grüße ✓" } });
const id = "msg_2vB8xZ";

describe("Standard Webhooks signatures", () => {
  it("generates whsec_ secrets of 32 random bytes", () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(webhookSecretKey(secret)).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(secret);
  });

  it("refuses secrets that are not whsec_ and the base64 of at least 24 bytes", () => {
    expect(() => webhookSecretKey("sk_" + Buffer.alloc(32).toString("base64"))).toThrow(WebhookSecretError);
    expect(() => webhookSecretKey("whsec_not base64!")).toThrow(/base64/);
    expect(() => webhookSecretKey("whsec_" + Buffer.alloc(16, 1).toString("base64"))).toThrow(/at least 24 bytes; this one holds 16/);
    expect(webhookSecretKey("whsec_" + Buffer.alloc(24, 1).toString("base64"))).toHaveLength(24);
  });

  it("the standardwebhooks package verifies our signature", () => {
    const secret = generateWebhookSecret();
    const headers = signWebhook({ id, timestamp: new Date(), body }, [secret]);
    expect(headers["webhook-id"]).toBe(id);
    expect(headers["webhook-timestamp"]).toMatch(/^\d+$/);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
    // and our header equals the package's own signature for the same message
    expect(headers["webhook-signature"]).toBe(new Webhook(secret).sign(id, new Date(Number(headers["webhook-timestamp"]) * 1000), body));
  });

  it("during a rotation both secrets sign, and a receiver with either one verifies", () => {
    const current = generateWebhookSecret();
    const previous = generateWebhookSecret();
    const headers = signWebhook({ id, timestamp: new Date(), body }, [current, previous]);
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(new Webhook(current).verify(body, { ...headers })).toBeTruthy();
    expect(new Webhook(previous).verify(body, { ...headers })).toBeTruthy();
  });

  it("the package refuses a tampered body, a wrong secret and a stale or future timestamp", () => {
    const secret = generateWebhookSecret();
    const headers = { ...signWebhook({ id, timestamp: new Date(), body }, [secret]) };
    expect(() => new Webhook(secret).verify(body.replace("po", "pO"), headers)).toThrow(WebhookVerificationError);
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow(WebhookVerificationError);
    const stale = { ...signWebhook({ id, timestamp: new Date(Date.now() - 10 * 60_000), body }, [secret]) };
    expect(() => new Webhook(secret).verify(body, stale)).toThrow(/too old/i);
    const future = { ...signWebhook({ id, timestamp: new Date(Date.now() + 10 * 60_000), body }, [secret]) };
    expect(() => new Webhook(secret).verify(body, future)).toThrow(/too new/i);
    // another id is another message
    expect(() => new Webhook(secret).verify(body, { ...headers, "webhook-id": "msg_other" })).toThrow(WebhookVerificationError);
  });

  it("a retry keeps the id and signs its own timestamp", () => {
    const secret = generateWebhookSecret();
    const first = signWebhook({ id, timestamp: new Date(Date.now() - 60_000), body }, [secret]);
    const retry = signWebhook({ id, timestamp: new Date(), body }, [secret]);
    expect(retry["webhook-id"]).toBe(first["webhook-id"]);
    expect(retry["webhook-signature"]).not.toBe(first["webhook-signature"]);
    expect(new Webhook(secret).verify(body, { ...retry })).toBeTruthy();
  });

  it("refuses to sign without a secret or with an id that would break the signed string", () => {
    expect(() => signWebhook({ id, timestamp: new Date(), body }, [])).toThrow(WebhookSecretError);
    expect(() => signWebhook({ id: "a.b", timestamp: new Date(), body }, [generateWebhookSecret()])).toThrow(WebhookSecretError);
  });
});

describe("verifying inbound Standard Webhooks", () => {
  const sender = new Webhook("whsec_" + Buffer.alloc(32, 7).toString("base64"));
  const ours = "whsec_" + Buffer.alloc(32, 7).toString("base64");
  const signedBy = (timestamp: Date, payload = body) => ({
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
    "webhook-signature": sender.sign(id, timestamp, payload),
  });

  it("accepts what the standardwebhooks package signs, with the current or the previous secret", () => {
    const now = new Date();
    expect(verifyStandardWebhook(body, signedBy(now), [ours], now)).toEqual({ ok: true });
    expect(verifyStandardWebhook(Buffer.from(body), new Headers(signedBy(now)), [generateWebhookSecret(), ours], now)).toEqual({
      ok: true,
    });
  });

  it("refuses a tampered body, a wrong secret, a stale timestamp and missing or malformed headers", () => {
    const now = new Date();
    expect(verifyStandardWebhook(body + " ", signedBy(now), [ours], now)).toMatchObject({ ok: false, reason: "no signature matches" });
    expect(verifyStandardWebhook(body, signedBy(now), [generateWebhookSecret()], now)).toMatchObject({ ok: false });
    expect(verifyStandardWebhook(body, signedBy(new Date(now.getTime() - 6 * 60_000)), [ours], now)).toMatchObject({
      ok: false,
      reason: "webhook-timestamp is too old or too new",
    });
    expect(verifyStandardWebhook(body, { "webhook-id": id }, [ours], now)).toMatchObject({ ok: false });
    expect(verifyStandardWebhook(body, { ...signedBy(now), "webhook-timestamp": "1e9" }, [ours], now)).toMatchObject({ ok: false });
    expect(verifyStandardWebhook(body, { ...signedBy(now), "webhook-signature": "v1,@@@ v2,xyz" }, [ours], now)).toMatchObject({
      ok: false,
    });
  });
});

describe("GitHub-style X-Hub-Signature-256", () => {
  // The example in GitHub's documentation ("Validating webhook deliveries").
  const secret = "It's a Secret to Everybody";
  const payload = "Hello, World!";
  const documented = "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17";

  it("matches GitHub's documented example", () => {
    expect(hubSignature(payload, secret)).toBe(documented);
    expect(verifyHubSignature(payload, documented, secret)).toEqual({ ok: true });
    expect(verifyHubSignature(Buffer.from(payload), documented.toUpperCase().replace("SHA256=", "sha256="), secret)).toEqual({ ok: true });
  });

  it("refuses a tampered body, a wrong secret, and missing or malformed headers", () => {
    expect(verifyHubSignature("Hello, World?", documented, secret)).toMatchObject({ ok: false, reason: "the signature does not match" });
    expect(verifyHubSignature(payload, documented, "another secret")).toMatchObject({ ok: false });
    expect(verifyHubSignature(payload, undefined, secret)).toMatchObject({ ok: false, reason: "missing X-Hub-Signature-256" });
    expect(verifyHubSignature(payload, "sha1=0123", secret)).toMatchObject({ ok: false });
    expect(verifyHubSignature(payload, documented.slice(0, -2), secret)).toMatchObject({ ok: false });
    expect(verifyHubSignature(payload, `${documented}00`, secret)).toMatchObject({ ok: false });
  });
});
