import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { capabilityToken, capabilityUrl, linkExpiry, verifyCapabilityToken } from "@/lib/server/inbox/capability-link";

const ID = "inb_0123456789abcdef0123456789abcdef";
const LATER = new Date("2031-01-01T00:00:00Z");
const NOW = new Date("2030-06-01T00:00:00Z");

/** The token with character `index` of `part` (0 id, 1 expiry, 2 signature) replaced by another valid one. */
function changed(token: string, part: 0 | 1 | 2, index = 5): string {
  const parts = token.split(".");
  const text = parts[part];
  const swap = text[index] === "a" ? "b" : "a";
  parts[part] = text.slice(0, index) + swap + text.slice(index + 1);
  return parts.join(".");
}

describe("capability link tokens", () => {
  beforeEach(() => vi.stubEnv("AUTH_SECRET", "unit-test-secret"));
  afterEach(() => vi.unstubAllEnvs());

  it("a fresh token verifies, naming its item and expiry", () => {
    const token = capabilityToken(ID, LATER);
    expect(verifyCapabilityToken(token, NOW)).toEqual({ ok: true, publicId: ID, expiresAt: LATER });
  });

  it("one changed character in the id, the expiry or the signature is tampered", () => {
    const token = capabilityToken(ID, LATER);
    expect(verifyCapabilityToken(changed(token, 0, 8), NOW)).toEqual({ ok: false, reason: "tampered" });
    expect(verifyCapabilityToken(changed(token, 1, 0), NOW)).toEqual({ ok: false, reason: "tampered" });
    expect(verifyCapabilityToken(changed(token, 2, 10), NOW)).toEqual({ ok: false, reason: "tampered" });
  });

  it("a token signed with another secret is tampered", () => {
    const token = capabilityToken(ID, LATER);
    vi.stubEnv("AUTH_SECRET", "another-secret");
    expect(verifyCapabilityToken(token, NOW)).toEqual({ ok: false, reason: "tampered" });
  });

  it("a token past its expiry is expired (checked after the signature)", () => {
    const token = capabilityToken(ID, new Date(NOW.getTime() - 1000));
    expect(verifyCapabilityToken(token, NOW)).toEqual({ ok: false, reason: "expired" });
    expect(verifyCapabilityToken(changed(token, 2, 3), NOW)).toEqual({ ok: false, reason: "tampered" });
  });

  it("anything not shaped like a token is malformed", () => {
    const token = capabilityToken(ID, LATER);
    for (const bad of ["", "inb_x.1.sig", token.slice(0, -1), `${token}.x`, token.replace("inb_", "inx_"), token.toUpperCase()])
      expect(verifyCapabilityToken(bad, NOW)).toEqual({ ok: false, reason: "malformed" });
  });

  it("a link lives until the item's expiry, else 30 days after posting; the URL is on APP_URL or the given origin", () => {
    const createdAt = new Date("2030-01-01T00:00:00Z");
    expect(linkExpiry({ createdAt, expiresAt: LATER })).toEqual(LATER);
    expect(linkExpiry({ createdAt, expiresAt: null })).toEqual(new Date("2030-01-31T00:00:00Z"));
    vi.stubEnv("APP_URL", "");
    expect(capabilityUrl("tok", "http://127.0.0.1:3000")).toBe("http://127.0.0.1:3000/api/inbox/links/tok");
    vi.stubEnv("APP_URL", "https://handoff.example");
    expect(capabilityUrl("tok", "http://127.0.0.1:3000")).toBe("https://handoff.example/api/inbox/links/tok");
  });
});
