// The webhook worker's heartbeat row and what /api/health makes of it.
import { describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { prisma } from "@/lib/db/client";
import { startWorkerHeartbeat } from "@/lib/server/jobs/worker-heartbeat";
import { testDatabaseUrl } from "@/tests/integration/support/databases";
import { eventually } from "@/tests/support/eventually";

const workerOf = async () => ((await (await health()).json()) as { worker: { status: string } }).worker.status;

describe("the worker's heartbeat", () => {
  it("health says absent without a worker, alive while one beats, absent again after it stops, stale when the last beat is old", async () => {
    expect(await workerOf()).toBe("absent");
    const beating = startWorkerHeartbeat(testDatabaseUrl());
    await eventually(async () => (await workerOf()) === "alive");
    await beating.stop();
    expect(await prisma.workerHeartbeat.count()).toBe(0);
    expect(await workerOf()).toBe("absent");
    // What a killed worker leaves: its row, no longer updated.
    await prisma.workerHeartbeat.create({ data: { workerId: "killed", beatAt: new Date(Date.now() - 60_000) } });
    expect(await workerOf()).toBe("stale");
  });
});
