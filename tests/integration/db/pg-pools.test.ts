// The raw pools' commit durability, on real Postgres: rate-limit counters may skip the WAL flush wait, run events may not.
import { afterAll, describe, expect, it } from "vitest";
import { getPgPool } from "@/lib/db/pg-pool";

afterAll(async () => {
  await Promise.all([getPgPool().end(), getPgPool("counters").end()]);
});

describe("raw pg pools", () => {
  // The test cluster itself runs without synchronous commit, so the check is who set it: the pool, or the server.
  const setting = async (kind?: "counters") =>
    (
      await getPgPool(kind).query<{ setting: string; source: string }>(
        "SELECT setting, source FROM pg_settings WHERE name = 'synchronous_commit'",
      )
    ).rows[0];

  it("leave commit durability to the server by default (run events, the bus)", async () => {
    expect((await setting()).source).not.toBe("client");
  });

  it("do not wait for the WAL flush for rate-limit counters", async () => {
    expect(await setting("counters")).toEqual({ setting: "off", source: "client" });
  });
});
