import { describe, expect, it } from "vitest";
import { interpretMigrateDiff, withDatasourceUrl } from "@/tooling/db/prisma6-cli";

describe("interpretMigrateDiff", () => {
  it("reads Prisma's empty-migration line as no difference", () => {
    expect(interpretMigrateDiff({ code: 0, stdout: "-- This is an empty migration.\n", stderr: "" })).toEqual({ empty: true, script: "" });
  });

  it("returns the SQL of a difference", () => {
    const sql = '-- CreateTable\nCREATE TABLE "A" ("id" TEXT);\n';
    expect(interpretMigrateDiff({ code: 2, stdout: sql, stderr: "" })).toEqual({ empty: false, script: sql });
  });

  it("refuses silence: exit code 0 without output means the engine never ran", () => {
    expect(() => interpretMigrateDiff({ code: 0, stdout: "", stderr: "" })).toThrow(/no output: did its engine run/);
  });

  it("refuses errors and answers whose exit code contradicts the output", () => {
    expect(() => interpretMigrateDiff({ code: 1, stdout: "", stderr: "Error: P1001" })).toThrow(/exit code 1[\s\S]*P1001/);
    expect(() => interpretMigrateDiff({ code: 0, stdout: "CREATE TABLE x ();", stderr: "" })).toThrow(/exit code 0/);
    expect(() => interpretMigrateDiff({ code: 2, stdout: "-- This is an empty migration.", stderr: "" })).toThrow(/exit code 2/);
  });
});

describe("withDatasourceUrl", () => {
  it("adds the url Prisma 6 needs to the datasource block", () => {
    const schema = 'generator client {\n  provider = "prisma-client"\n}\n\ndatasource db {\n  provider = "postgresql"\n}\n';
    expect(withDatasourceUrl(schema)).toContain('datasource db {\n  url = env("DATABASE_URL")\n  provider = "postgresql"\n}');
  });

  it("fails loudly on a schema without a datasource", () => {
    expect(() => withDatasourceUrl("model A {\n  id Int @id\n}\n")).toThrow(/no datasource/);
  });
});
