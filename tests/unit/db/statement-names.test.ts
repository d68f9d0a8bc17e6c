import { describe, expect, it } from "vitest";
import { MAX_NAMED_PARAMETERS, preparedStatementName } from "@/lib/db/statement-names";

const query = (sql: string, count = 1) => ({ sql, args: Array.from({ length: count }, (_, index) => index) });

describe("preparedStatementName", () => {
  it("one text, one name; two texts, two names; within PostgreSQL's 63-byte identifiers", () => {
    const a = preparedStatementName(query(`SELECT 1 FROM "Run" WHERE "id" = $1`));
    expect(preparedStatementName(query(`SELECT 1 FROM "Run" WHERE "id" = $1`))).toBe(a);
    expect(preparedStatementName(query(`SELECT 1 FROM "Run" WHERE "id" = $1 `))).not.toBe(a);
    expect(a).toMatch(/^h_[\w-]{32}$/);
    expect(Buffer.byteLength(a)).toBeLessThanOrEqual(63);
  });

  it("leaves a statement whose parameter count follows the data unnamed", () => {
    expect(preparedStatementName(query("SELECT $1", MAX_NAMED_PARAMETERS))).not.toBe("");
    expect(preparedStatementName(query("SELECT $1", MAX_NAMED_PARAMETERS + 1))).toBe("");
  });
});
