// LeaseKeeper: heartbeats on a timer only, the first a third of a lease after the run started.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const renewRunLease = vi.fn(async (..._args: unknown[]) => true);
vi.mock("@/lib/db/run-leases", () => ({ renewRunLease: (...args: unknown[]) => renewRunLease(...args) }));

const { LeaseKeeper } = await import("@/lib/server/runs/lease-keeper");

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubEnv("RUN_LEASE_MS", "3000");
  renewRunLease.mockClear();
  renewRunLease.mockImplementation(async () => true);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe("LeaseKeeper", () => {
  it("writes nothing when a run starts; renews every third of the lease while held; stops on release", async () => {
    const keeper = new LeaseKeeper({ organizationId: "org" }, "conv", () => {});
    keeper.hold("run-1");
    expect(renewRunLease).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(999);
    expect(renewRunLease).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(renewRunLease).toHaveBeenCalledTimes(1);
    expect(renewRunLease.mock.calls[0].slice(1, 3)).toEqual(["conv", "run-1"]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(renewRunLease).toHaveBeenCalledTimes(3);
    keeper.release("run-1");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(renewRunLease).toHaveBeenCalledTimes(3);
  });

  it("a short run (released before a third of the lease) never renews", async () => {
    const keeper = new LeaseKeeper({ organizationId: "org" }, "conv", () => {});
    keeper.hold("run-1");
    await vi.advanceTimersByTimeAsync(500);
    keeper.releaseAll();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(renewRunLease).not.toHaveBeenCalled();
  });

  it("a renewal that finds the run no longer running reports it lost, once, and stops", async () => {
    const lost: string[] = [];
    const keeper = new LeaseKeeper({ organizationId: "org" }, "conv", (runId) => lost.push(runId));
    renewRunLease.mockImplementation(async () => false);
    keeper.hold("run-1");
    await vi.advanceTimersByTimeAsync(5000);
    expect(lost).toEqual(["run-1"]);
    expect(renewRunLease).toHaveBeenCalledTimes(1);
  });
});
