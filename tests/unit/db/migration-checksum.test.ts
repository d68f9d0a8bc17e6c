import { describe, expect, it } from "vitest";
import { migrationChecksum } from "@/lib/db/migrate";

describe("migrationChecksum", () => {
  it("matches Prisma's checksum: zero-padded lowercase SHA-256 hex", () => {
    // The vector from prisma-engines' own checksum tests.
    expect(migrationChecksum("hello")).toBe("2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824");
    expect(migrationChecksum("abcd")).toHaveLength(64);
  });

  it("hashes the file's bytes", () => {
    expect(migrationChecksum(Buffer.from("héllo", "utf8"))).toBe(migrationChecksum("héllo"));
  });
});
