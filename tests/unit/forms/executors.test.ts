import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineForm, FormStaleError, type ExecutorResult } from "@/lib/forms";
import { agent, expenseClaim, manager, receipts, setup, travel, who } from "./fixtures";

function traced(result: (name: string) => ExecutorResult = () => undefined) {
  const calls: { name: string; key: string }[] = [];
  const executor = (name: string) => (context: { key: string }) => {
    calls.push({ name, key: context.key });
    return result(name);
  };
  const form = defineForm({ id: "t", version: 1, name: "T", description: "" })
    .step("one", { title: "One", onComplete: executor("step") }, (s) =>
      s.field("a", { schema: z.string(), label: "A", onFill: executor("field") }).field("b", { schema: z.number().optional(), label: "B" }),
    )
    .step("two", { title: "Two" }, (s) => s.field("c", { schema: z.string().optional(), label: "C" }))
    .checkpoint("big", { when: (v) => v.a === "big", run: executor("checkpoint") })
    .onComplete(executor("form"));
  return { calls, form };
}

describe("executors and edges", () => {
  it("run after the write in the order field → step → checkpoint → form, with keys", async () => {
    const { calls, form } = traced();
    const { runner } = setup([form]);
    const { instanceId } = await runner.start("t", { by: agent });
    await runner.fill(instanceId, { a: "big" }, { by: agent });
    expect(calls).toEqual([
      { name: "field", key: `${instanceId}:field:a:1` },
      { name: "step", key: `${instanceId}:step:one:1` },
      { name: "checkpoint", key: `${instanceId}:checkpoint:big:1` },
      { name: "form", key: `${instanceId}:form:form:1` },
    ]);
  });

  it("fire on the rising edge only: the same value again fires nothing, a second crossing gets n+1", async () => {
    const { calls, form } = traced();
    const { runner } = setup([form]);
    const { instanceId } = await runner.start("t", { by: agent });
    await runner.fill(instanceId, { a: "big" }, { by: agent });
    calls.length = 0;
    await runner.fill(instanceId, { a: "big" }, { by: agent });
    expect(calls).toEqual([]);
    await runner.fill(instanceId, { a: "small" }, { by: agent });
    expect(calls.map((c) => c.key)).toEqual([`${instanceId}:field:a:2`]);
    await runner.fill(instanceId, { a: "big" }, { by: agent });
    expect(calls.map((c) => c.key)).toContain(`${instanceId}:checkpoint:big:2`);
    await runner.revise(instanceId, { field: "a", action: "retract" }, { by: agent });
    calls.length = 0;
    await runner.fill(instanceId, { a: "x" }, { by: agent });
    expect(calls.map((c) => c.key)).toEqual([`${instanceId}:field:a:4`, `${instanceId}:step:one:2`, `${instanceId}:form:form:2`]);
  });

  it("commit a patch as a second commit by the executor", async () => {
    const { form } = traced((name) => (name === "field" ? { patch: { b: 7 } } : undefined));
    const { runner } = setup([form]);
    const { instanceId } = await runner.start("t", { by: agent });
    const report = await runner.fill(instanceId, { a: "x" }, { by: agent });
    expect(report.view.steps[0].fields[1]).toMatchObject({ value: 7, by: "executor" });
    const history = await runner.history(instanceId);
    expect(history.map((e) => [e.field, e.by.kind])).toEqual([
      ["a", "agent"],
      ["b", "executor"],
    ]);
  });

  it("record a throwing executor as a failure without undoing the write", async () => {
    const { form } = traced((name) => {
      if (name === "field") throw new Error("lookup down");
    });
    const { runner } = setup([form]);
    const { instanceId } = await runner.start("t", { by: agent });
    const report = await runner.fill(instanceId, { a: "x" }, { by: agent });
    expect(report.failures.map((f) => f.message)).toEqual(['field "a" failed: lookup down']);
    expect(report.view.steps[0].fields[0].value).toBe("x");
    expect(report.view.failures).toHaveLength(1);
  });

  it("show a {fail} with a field as that field's error", async () => {
    const { form } = traced((name) => (name === "field" ? { fail: { field: "a", message: "Not a known name." } } : undefined));
    const { runner } = setup([form]);
    const { instanceId } = await runner.start("t", { by: agent });
    const report = await runner.fill(instanceId, { a: "x" }, { by: agent });
    expect(report.view.steps[0].fields[0].error).toBe("Not a known name.");
  });

  it("close the instance on {terminate} and refuse later fills naming the reason", async () => {
    const { form } = traced((name) => (name === "checkpoint" ? { terminate: "Too big to claim." } : undefined));
    const { runner } = setup([form]);
    const { instanceId } = await runner.start("t", { by: agent });
    expect((await runner.fill(instanceId, { a: "big" }, { by: agent })).status).toBe("terminated");
    await expect(runner.fill(instanceId, { b: 1 }, { by: agent })).rejects.toMatchObject({ code: "closed", message: /Too big to claim/ });
  });

  it("mark a finished step as revisiting on {jump} back to it, and end it on {complete}", async () => {
    let answer: ExecutorResult;
    const form = defineForm({ id: "j", version: 1, name: "J", description: "" })
      .step("one", { title: "One" }, (s) => s.field("a", { schema: z.string(), label: "A" }))
      .step("two", { title: "Two" }, (s) => s.field("c", { schema: z.string(), label: "C", onFill: () => answer }))
      .step("three", { title: "Three" }, (s) => s.field("d", { schema: z.string(), label: "D" }));
    const { runner } = setup([form]);
    const { instanceId } = await runner.start("j", { by: agent, values: { a: "x" } });
    answer = { jump: "one" };
    const jumped = await runner.fill(instanceId, { c: "y" }, { by: agent });
    expect(jumped.view.currentStepId).toBe("one");
    expect(jumped.view.steps[0].state).toBe("revisiting");
    answer = [{ complete: true }];
    const completed = await runner.fill(instanceId, { c: "z" }, { by: agent });
    expect(completed.view.currentStepId).toBe("three");
    expect(completed.view.steps[0].state).toBe("done");
  });
});

describe("blocking checkpoints", () => {
  it("leave the instance awaiting with a key and card until resolved; approval returns to completed", async () => {
    const { runner } = setup();
    const { instanceId } = await runner.start("expense-claim", { by: agent, values: { ...who, ...receipts } });
    const report = await runner.fill(instanceId, { ...travel, amount: 5000 }, { by: agent });
    expect(report.status).toBe("awaiting");
    expect(report.awaiting).toEqual({
      checkpointId: "over-limit",
      key: `${instanceId}:checkpoint:over-limit:1`,
      card: expect.objectContaining({ kind: "approval" }),
    });
    expect(report.line).toContain("awaiting approval");
    await expect(runner.resolveCheckpoint(instanceId, "old-key", { approved: true, by: manager })).rejects.toBeInstanceOf(FormStaleError);
    const approved = await runner.resolveCheckpoint(instanceId, report.awaiting!.key, { approved: true, by: manager });
    expect(approved).toMatchObject({ status: "completed", awaiting: null });
  });

  it("terminate on rejection without a run, naming who and why", async () => {
    const { runner } = setup();
    const { instanceId, awaiting } = await runner.start("expense-claim", { by: agent, values: { amount: 5000 } });
    const rejected = await runner.resolveCheckpoint(instanceId, awaiting!.key, { approved: false, note: "too much", by: manager });
    expect(rejected.status).toBe("terminated");
    expect(rejected.view.terminatedReason).toBe("Not approved by Grace: too much");
  });

  it("run the checkpoint's run with the resolution", async () => {
    const seen: unknown[] = [];
    const form = expenseClaim().checkpoint("second", {
      when: (v) => v.mode === "air",
      blocking: true,
      run: (context) => {
        seen.push(context.resolution);
        return context.resolution?.approved ? undefined : { patch: { mode: "rail" } };
      },
    });
    const { runner } = setup([form]);
    const { instanceId, awaiting } = await runner.start("expense-claim", { by: agent, values: { mode: "air" } });
    const report = await runner.resolveCheckpoint(instanceId, awaiting!.key, { approved: false, note: "no flights", by: manager });
    expect(seen).toEqual([{ approved: false, note: "no flights", by: manager }]);
    expect(report.status).toBe("open");
    expect(report.view.steps[1].fields[0].value).toBe("rail");
  });
});
