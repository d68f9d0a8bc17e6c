import { afterEach, describe, expect, it, vi } from "vitest";
import { openSecret, sealSecret, SecretUnreadableError } from "@/lib/server/crypto/secret-box";

describe("secret box", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("round-trips, with a fresh IV each time", () => {
    vi.stubEnv("ENCRYPTION_KEY", "k1");
    const a = sealSecret("sk-secret", "provider-key:org1");
    const b = sealSecret("sk-secret", "provider-key:org1");
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toContain("sk-secret");
    expect(openSecret(a, "provider-key:org1")).toBe("sk-secret");
  });

  it("refuses another tenant's context, an altered value and another key", () => {
    vi.stubEnv("ENCRYPTION_KEY", "k1");
    const sealed = sealSecret("sk-secret", "provider-key:org1");
    expect(() => openSecret(sealed, "provider-key:org2")).toThrow(SecretUnreadableError);
    const [version, iv, tag, data] = sealed.split(".");
    const flipped = Buffer.from(data, "base64url");
    flipped[0] ^= 1;
    expect(() => openSecret([version, iv, tag, flipped.toString("base64url")].join("."), "provider-key:org1")).toThrow(
      SecretUnreadableError,
    );
    expect(() => openSecret("garbage", "provider-key:org1")).toThrow(SecretUnreadableError);
    vi.stubEnv("ENCRYPTION_KEY", "k2");
    expect(() => openSecret(sealed, "provider-key:org1")).toThrow(SecretUnreadableError);
  });

  it("falls back to AUTH_SECRET, and needs one of the two", () => {
    vi.stubEnv("ENCRYPTION_KEY", "");
    vi.stubEnv("AUTH_SECRET", "auth-secret");
    expect(openSecret(sealSecret("x", "c"), "c")).toBe("x");
    vi.stubEnv("AUTH_SECRET", "");
    expect(() => sealSecret("x", "c")).toThrow(/ENCRYPTION_KEY/);
  });
});
