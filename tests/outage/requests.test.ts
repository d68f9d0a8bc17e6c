// Requests while PostgreSQL is away: 503 with Retry-After (not 500), readiness down, liveness up.
import { afterEach, describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { GET as live } from "@/app/api/health/live/route";
import { prisma } from "@/lib/db/client";
import { route } from "@/lib/server/http/route";
import { eventually } from "@/tests/support/eventually";
import { database } from "./support";

const listUsers = route(async () => Response.json(await prisma.user.findMany({ take: 1 })));
const ask = () => listUsers(new Request("http://localhost/api/users"), {});

afterEach(async () => {
  // Every case leaves the server running for the next.
  await database.start().catch(() => {});
});

describe("while the database is crashed", () => {
  it("a route answers 503 service_unavailable with Retry-After; health is 503, liveness 200; all recover after the start", async () => {
    expect((await ask()).status).toBe(200);
    await database.stop("immediate");
    const refused = await ask();
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await refused.json()).error).toMatchObject({
      code: "service_unavailable",
      message: expect.stringMatching(/briefly unavailable/),
    });
    const readiness = await health();
    expect(readiness.status).toBe(503);
    expect(await readiness.json()).toMatchObject({ ok: false, database: "down" });
    expect((await live()).status).toBe(200);

    await database.start();
    await eventually(async () => (await ask()).status === 200);
    expect(await (await health()).json()).toMatchObject({ ok: true, database: "up", worker: { status: "absent" } });
  });
});

describe("during a fast restart", () => {
  it("requests that land in it are 503, never 500", async () => {
    const statuses = new Set<number>();
    let restarting = true;
    const load = (async () => {
      while (restarting) {
        statuses.add((await ask()).status);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    await database.restart("fast");
    await eventually(async () => (await ask()).status === 200);
    restarting = false;
    await load;
    expect(statuses).toEqual(new Set([200, 503]));
  });
});
