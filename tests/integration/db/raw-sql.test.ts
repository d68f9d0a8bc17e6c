// rawRows (lib/db/raw-sql.ts) stands in for prisma.$queryRaw on the chat turn's hottest statements:
// the same Prisma.sql gives the same rows, types included.
import { describe, expect, it } from "vitest";
import { Prisma } from "@/lib/db/client";
import { rawRows } from "@/lib/db/raw-sql";
import { getTestPrisma } from "@/tests/integration/support/databases";

describe("rawRows", () => {
  it("returns what prisma.$queryRaw returns for the same statement: bigint, instants, dates, JSON, arrays, nulls", async () => {
    const at = new Date("2026-03-04T05:06:07.890Z");
    const statement = Prisma.sql`
      SELECT 9007199254740993::bigint AS "big", 42::int AS "small", ${at}::timestamp(3) AS "at", ${at}::timestamp(3) + interval '1 day' AS "later",
        '2026-03-04'::date AS "day", ${JSON.stringify({ a: [1, "x"] })}::jsonb AS "doc", ${["a", "b"]}::text[] AS "list",
        ${null}::text AS "nothing", true AS "yes", ${12n}::bigint + 1 AS "fromBigint", 'text' AS "word"`;
    const viaPrisma = await getTestPrisma().$queryRaw<Record<string, unknown>[]>(statement);
    const viaPg = await rawRows<Record<string, unknown>>(statement);
    expect(viaPg).toEqual(viaPrisma);
    expect(viaPg[0]).toMatchObject({ big: 9007199254740993n, at, day: new Date("2026-03-04T00:00:00Z"), fromBigint: 13n });
  });
});
