import { describe, expect, it } from "vitest";
import { APPLIED_KEYS_KEPT } from "@/lib/forms/applied-keys";
import { agent, manager, person, setup, travel, who } from "./fixtures";

// A tool call runs again from the start after its card is answered: each of its writes carries the call's id as key.
describe("idempotency keys on writes", () => {
  it("a fill whose key was applied writes nothing and answers the current report", async () => {
    const { runner, adapter } = setup();
    const { instanceId } = await runner.start("expense-claim", { by: agent });
    const first = await runner.fill(instanceId, who, { by: agent, key: "call-1" });
    expect(first.stored).toEqual(["fullName", "email"]);
    const again = await runner.fill(instanceId, who, { by: agent, key: "call-1" });
    expect(again.stored).toEqual([]);
    expect(again.view.version).toBe(first.view.version);
    expect((await adapter.load(instanceId))!.entries).toHaveLength(2);
  });

  it("the same key never writes a different value either; another key does", async () => {
    const { runner } = setup();
    const { instanceId } = await runner.start("expense-claim", { by: agent });
    await runner.fill(instanceId, { fullName: "Ada Lovelace" }, { by: agent, key: "call-1" });
    await runner.fill(instanceId, { fullName: "Grace Hopper" }, { by: agent, key: "call-1" });
    expect((await runner.history(instanceId, { field: "fullName" })).map((h) => h.value)).toEqual(["Ada Lovelace"]);
    await runner.fill(instanceId, { fullName: "Grace Hopper" }, { by: agent, key: "call-2" });
    expect((await runner.history(instanceId, { field: "fullName" })).map((h) => h.value)).toEqual(["Ada Lovelace", "Grace Hopper"]);
  });

  it("revise and abandon honour the key too", async () => {
    const { runner } = setup();
    const { instanceId } = await runner.start("expense-claim", { by: agent, values: who });
    await runner.revise(instanceId, { field: "fullName", action: "set", value: "Ada King" }, { by: agent, key: "r-1" });
    await runner.revise(instanceId, { field: "fullName", action: "set", value: "Ada King" }, { by: agent, key: "r-1" });
    await runner.revise(instanceId, { field: "fullName", action: "undo" }, { by: agent, key: "u-1" });
    const undoAgain = await runner.revise(instanceId, { field: "fullName", action: "undo" }, { by: agent, key: "u-1" });
    expect(undoAgain.view.steps[0].fields[0].value).toBe("Ada Lovelace");
    await runner.abandon(instanceId, { by: agent, key: "a-1" });
    expect((await runner.abandon(instanceId, { by: agent, key: "a-1" })).status).toBe("abandoned");
  });

  it("a keyed start goes on with the instance it created instead of creating another", async () => {
    const { runner, adapter } = setup();
    const first = await runner.start("expense-claim", { by: agent, values: who, key: "call-1" });
    const again = await runner.start("expense-claim", { by: agent, values: who, key: "call-1" });
    expect(again.instanceId).toBe(first.instanceId);
    expect(await adapter.listActive()).toHaveLength(1);
    expect((await adapter.load(first.instanceId))!.entries).toHaveLength(2);
    expect((await runner.start("expense-claim", { by: agent, key: "call-2" })).instanceId).not.toBe(first.instanceId);
  });

  it("keys stay across executor commits and are bounded", async () => {
    const { runner, adapter } = setup();
    const { instanceId } = await runner.start("expense-claim", { by: agent });
    for (let i = 0; i < APPLIED_KEYS_KEPT + 5; i++) await runner.fill(instanceId, { fullName: `Name ${i}` }, { by: agent, key: `k-${i}` });
    const keys = (await adapter.load(instanceId))!.instance.state.appliedKeys!;
    expect(keys).toHaveLength(APPLIED_KEYS_KEPT);
    expect(keys.at(-1)).toBe(`k-${APPLIED_KEYS_KEPT + 4}`);
    expect(keys).not.toContain("k-0");
  });

  it("resolving an already-resolved checkpoint key with the same decision is a no-op; another decision is stale", async () => {
    const { runner } = setup();
    const { instanceId } = await runner.start("expense-claim", { by: agent, values: who });
    const blocked = await runner.fill(instanceId, { ...travel, amount: 5000 }, { by: agent, key: "fill-1" });
    const key = blocked.awaiting!.key;
    const approved = await runner.resolveCheckpoint(instanceId, key, { approved: true, by: manager });
    expect(approved.status).toBe("open");
    // The re-executed fill finds its key applied: no second write, and the checkpoint does not rise again.
    const refill = await runner.fill(instanceId, { ...travel, amount: 5000 }, { by: agent, key: "fill-1" });
    expect(refill.awaiting).toBeNull();
    const again = await runner.resolveCheckpoint(instanceId, key, { approved: true, by: person });
    expect(again.view.version).toBe(approved.view.version);
    await expect(runner.resolveCheckpoint(instanceId, key, { approved: false, by: manager })).rejects.toMatchObject({ code: "stale" });
  });

  it("a rejection decided twice stays one termination", async () => {
    const { runner } = setup();
    const { instanceId } = await runner.start("expense-claim", { by: agent, values: who });
    const { awaiting } = await runner.fill(instanceId, { ...travel, amount: 5000 }, { by: agent });
    const first = await runner.resolveCheckpoint(instanceId, awaiting!.key, { approved: false, note: "too much", by: manager });
    const second = await runner.resolveCheckpoint(instanceId, awaiting!.key, { approved: false, note: "too much", by: manager });
    expect(first.status).toBe("terminated");
    expect(second.view).toEqual(first.view);
  });
});
