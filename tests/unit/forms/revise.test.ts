import { describe, expect, it } from "vitest";
import { agent, person, setup } from "./fixtures";

describe("revise and history", () => {
  it("says there is nothing to undo or redo on an untouched field or form", async () => {
    const { runner } = setup();
    const { instanceId } = await runner.start("expense-claim", { by: agent });
    await expect(runner.revise(instanceId, { field: "email", action: "undo" }, { by: agent })).rejects.toMatchObject({
      code: "nothing_to_undo",
    });
    await expect(runner.revise(instanceId, { action: "undo" }, { by: agent })).rejects.toMatchObject({ code: "nothing_to_undo" });
    await expect(runner.revise(instanceId, { action: "redo" }, { by: agent })).rejects.toMatchObject({ code: "nothing_to_redo" });
  });

  it("moves the cursor with undo and redo, and a new set after an undo appends and clears redo", async () => {
    const { runner } = setup();
    const { instanceId } = await runner.start("expense-claim", { by: agent });
    const value = async () => (await runner.view(instanceId)).steps[0].fields[0].value;
    await runner.fill(instanceId, { fullName: "Ada" }, { by: agent });
    await runner.revise(instanceId, { field: "full_name", action: "set", value: "Ada Lovelace" }, { by: agent });
    await runner.revise(instanceId, { field: "fullName", action: "undo" }, { by: agent });
    expect(await value()).toBe("Ada");
    await runner.revise(instanceId, { action: "redo" }, { by: agent });
    expect(await value()).toBe("Ada Lovelace");
    await runner.revise(instanceId, { action: "undo" }, { by: agent });
    await runner.revise(instanceId, { field: "fullName", action: "set", value: "Augusta Ada" }, { by: agent });
    expect(await value()).toBe("Augusta Ada");
    await expect(runner.revise(instanceId, { field: "fullName", action: "redo" }, { by: agent })).rejects.toMatchObject({
      code: "nothing_to_redo",
    });
    await runner.revise(instanceId, { field: "fullName", action: "undo" }, { by: agent });
    expect(await value()).toBe("Ada");
    await runner.revise(instanceId, { field: "fullName", action: "retract" }, { by: agent });
    expect(await value()).toBeUndefined();
    const ops = (await runner.history(instanceId, { field: "Full name" })).map((e) => [e.op, e.value]);
    expect(ops).toEqual([
      ["set", "Ada"],
      ["set", "Ada Lovelace"],
      ["undo", undefined],
      ["redo", undefined],
      ["undo", undefined],
      ["set", "Augusta Ada"],
      ["undo", undefined],
      ["retract", undefined],
    ]);
  });

  it("returns every entry with who wrote it and when", async () => {
    const { runner } = setup();
    const { instanceId } = await runner.start("expense-claim", { by: agent });
    await runner.fill(instanceId, { email: "a@b.co" }, { by: agent });
    await runner.fill(instanceId, { email: "c@d.co" }, { by: person });
    await runner.fill(instanceId, { mode: "air" }, { by: { kind: "api", id: "key-1" } });
    const history = await runner.history(instanceId);
    expect(history.map((e) => [e.field, e.by.kind, e.by.id])).toEqual([
      ["email", "agent", "agent-1"],
      ["email", "person", "user-1"],
      ["mode", "api", "key-1"],
    ]);
    expect(history[0].at < history[1].at).toBe(true);
  });

  it("keeps the person's answer from an agent's undo too", async () => {
    const { runner } = setup();
    const { instanceId } = await runner.start("expense-claim", { by: agent });
    await runner.fill(instanceId, { email: "a@b.co" }, { by: agent });
    await runner.fill(instanceId, { email: "c@d.co" }, { by: person });
    expect((await runner.revise(instanceId, { field: "email", action: "undo" }, { by: agent })).locked).toHaveLength(1);
    expect((await runner.revise(instanceId, { field: "email", action: "undo" }, { by: agent, override: true })).locked).toEqual([]);
  });
});
