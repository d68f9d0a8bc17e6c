import { describe, expect, it } from "vitest";
import { quoteIdentifier, redactPassword, withDatabaseName } from "@/tooling/db/database-url";

describe("database URLs", () => {
  const url = "postgresql://postgres:s3cret@127.0.0.1:5432/postgres?sslmode=disable";

  it("switches the database and keeps everything else", () => {
    expect(withDatabaseName(url, "test_abc")).toBe("postgresql://postgres:s3cret@127.0.0.1:5432/test_abc?sslmode=disable");
  });

  it("never prints a password", () => {
    expect(redactPassword(url)).not.toContain("s3cret");
  });

  it("quotes identifiers for statements that take no parameters", () => {
    expect(quoteIdentifier('we"ird')).toBe('"we""ird"');
  });
});
