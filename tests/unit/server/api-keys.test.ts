// API keys: their format, parsing, hashing, the bearer header, scope checks and the creation schema.
import { describe, expect, it } from "vitest";
import { API_KEY_SCOPES, apiKeyScopeSchema, createApiKeySchema } from "@/lib/schemas/api-keys";
import {
  apiKeyDisplayPrefix,
  bearerCredential,
  generateApiKey,
  hashApiKey,
  missingScope,
  parseApiKey,
  sameHash,
} from "@/lib/server/api-keys/key-material";

describe("API key material", () => {
  it("generates hk_<16 hex>_<43 base64url> with at least 32 bytes of secret, different every time", () => {
    const a = generateApiKey();
    const b = generateApiKey();
    expect(a.key).toMatch(/^hk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.key.slice(20), "base64url").length).toBeGreaterThanOrEqual(32);
    expect(a.key).not.toBe(b.key);
    expect(a.publicId).toBe(a.key.slice(3, 19));
    expect(a.keyHash).toBe(hashApiKey(a.key));
    expect(a.keyHash).not.toContain(a.key.slice(20));
  });

  it("parses its own keys, also when the secret holds _ and -, and refuses anything else", () => {
    const { key, publicId } = generateApiKey();
    expect(parseApiKey(key)).toEqual({ publicId, key });
    const tricky = `hk_0123456789abcdef_${"_-".repeat(21)}a`;
    expect(parseApiKey(tricky)?.publicId).toBe("0123456789abcdef");
    for (const bad of [
      "",
      "hk_",
      key.slice(0, -1),
      `${key}x`,
      key.replace("hk_", "hx_"),
      `hk_0123456789ABCDEF_${"a".repeat(43)}`,
      `${key}\n`,
    ])
      expect(parseApiKey(bad)).toBeNull();
  });

  it("hashes with SHA-256 (hex) and compares in constant time, refusing unequal or empty hashes", () => {
    expect(hashApiKey("hk_x")).toMatch(/^[0-9a-f]{64}$/);
    expect(sameHash(hashApiKey("a"), hashApiKey("a"))).toBe(true);
    expect(sameHash(hashApiKey("a"), hashApiKey("b"))).toBe(false);
    expect(sameHash(hashApiKey("a"), "abcd")).toBe(false);
    expect(sameHash("", "")).toBe(false);
  });

  it("shows a key in lists by its prefix only", () => {
    expect(apiKeyDisplayPrefix("0123456789abcdef")).toBe("hk_0123456789abcdef_…");
  });

  it("reads the bearer header: none, malformed, or the key", () => {
    const { key, publicId } = generateApiKey();
    expect(bearerCredential(null)).toBeNull();
    expect(bearerCredential("  ")).toBeNull();
    expect(bearerCredential(`Bearer ${key}`)).toEqual({ publicId, key });
    expect(bearerCredential(`bearer ${key}`)).toEqual({ publicId, key });
    expect(bearerCredential(`Basic ${key}`)).toBe("malformed");
    expect(bearerCredential(key)).toBe("malformed");
    expect(bearerCredential("Bearer nope")).toBe("malformed");
    expect(bearerCredential(`Bearer ${key} extra`)).toBe("malformed");
  });

  it("names the first scope a key lacks", () => {
    expect(missingScope(["inbox:read"], ["inbox:read"])).toBeNull();
    expect(missingScope(["inbox:read"], ["inbox:read", "inbox:write"])).toBe("inbox:write");
    expect(missingScope([], ["forms:read"])).toBe("forms:read");
  });
});

describe("API key schemas", () => {
  const now = () => new Date("2026-12-01T12:00:00Z");
  const schema = createApiKeySchema(now);

  it("has exactly the scopes of the issue, as one enum", () => {
    expect(API_KEY_SCOPES).toEqual([
      "inbox:read",
      "inbox:write",
      "conversations:read",
      "conversations:write",
      "forms:read",
      "webhooks:write",
    ]);
    expect(apiKeyScopeSchema.safeParse("admin").success).toBe(false);
  });

  it("accepts a name, scopes (de-duplicated) and a future expiry", () => {
    expect(schema.parse({ name: " Worker ", scopes: ["inbox:read", "inbox:read"], expiresAt: "2027-01-01T00:00:00Z" })).toEqual({
      name: "Worker",
      scopes: ["inbox:read"],
      expiresAt: "2027-01-01T00:00:00Z",
    });
    expect(schema.parse({ name: "No expiry", scopes: ["forms:read"] }).expiresAt).toBeUndefined();
  });

  it("refuses an empty name, no scopes, an unknown scope, a past expiry and a name with control characters", () => {
    expect(schema.safeParse({ name: "", scopes: ["inbox:read"] }).success).toBe(false);
    expect(schema.safeParse({ name: "x", scopes: [] }).success).toBe(false);
    expect(schema.safeParse({ name: "x", scopes: ["root"] }).success).toBe(false);
    expect(schema.safeParse({ name: "x", scopes: ["inbox:read"], expiresAt: "2026-11-30T00:00:00Z" }).success).toBe(false);
    expect(schema.safeParse({ name: "x", scopes: ["inbox:read"], expiresAt: "tomorrow" }).success).toBe(false);
    expect(schema.safeParse({ name: "a\u0000b", scopes: ["inbox:read"] }).success).toBe(false);
  });
});
