import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  applyEntryCommit,
  defineForm,
  FormConflictError,
  FormError,
  formErrorResult,
  FormStaleError,
  type FormCommit,
  type FormSnapshot,
} from "@/lib/forms";
import { MemoryFormAdapter } from "@/lib/forms/testing";
import { agent, expenseClaim, person, receipts, setup, travel, who } from "./fixtures";

function bigForm(fields: number) {
  return defineForm({ id: `big-${fields}`, version: 1, name: "Big", description: "" })
    .step("first", { title: "First" }, (s) => {
      for (let i = 0; i < fields / 2; i++) s.field(`f${i}`, { schema: z.string(), label: `Field ${i}` });
    })
    .step("second", { title: "Second" }, (s) => {
      for (let i = fields / 2; i < fields; i++) s.field(`f${i}`, { schema: z.string(), label: `Field ${i}` });
    });
}

describe("three tiers of context", () => {
  it("tier 0: one short line per active instance, from records alone", async () => {
    const { runner, adapter } = setup();
    const { instanceId } = await runner.start("expense-claim", { by: agent, values: who });
    expect(await runner.contextLine()).toBe('[form: expense-claim] step 2/4 "Travel" · pending: Mode, Amount · later: Receipts');
    const records = await adapter.listActive();
    const noReads = new FormRunnerSpy(runner);
    expect(await runner.contextLine(records)).toContain("pending: Mode, Amount");
    expect(noReads.loads).toBe(0);
    await runner.fill(instanceId, { ...travel, ...receipts }, { by: agent });
    await runner.start("expense-claim", { by: agent });
    const lines = (await runner.contextLine()).split("\n");
    expect(lines[0]).toBe('[form: expense-claim #inst-1] step 4/4 "Confirm" · complete, ready to submit');
    expect(lines[1]).toMatch(/^\[form: expense-claim #inst-2\] step 1\/4 "Who"/);
  });

  it("tier 0 stays short for 60 fields", async () => {
    const { runner } = setup([bigForm(6), bigForm(60)]);
    await runner.start("big-60", { by: agent });
    const line = await runner.contextLine();
    expect(line).toBe(
      '[form: big-60] step 1/2 "First" · pending: Field 0, Field 1, Field 2, Field 3, Field 4, +25 more · later: Field 30, Field 31, Field 32, Field 33, Field 34, +25 more',
    );
  });

  it("tier 1 and tier 2: the current step, any step or field, the outline", async () => {
    const { runner } = setup();
    const { instanceId } = await runner.start("expense-claim", { by: agent, values: who });
    const status = await runner.status(instanceId);
    expect(status).toMatchObject({ conduct: "Ask one thing at a time.", progress: { step: 2, steps: 4, filled: 2, required: 5 } });
    expect(status.step!.fields.map((f) => [f.id, f.typeText, f.applicable])).toEqual([
      ["mode", "one of: car | rail | air", true],
      ["distance", "integer >= 1", false],
      ["amount", "number > 0", true],
    ]);
    expect(await runner.inspect(instanceId, { step: "receipts" })).toMatchObject({ kind: "step", step: { id: "receipts" } });
    expect(await runner.inspect(instanceId, { field: "e-mail" })).toMatchObject({
      kind: "field",
      field: { value: who.email },
      revisions: 1,
    });
    const outline = await runner.inspect(instanceId);
    expect(outline.kind === "outline" && outline.steps.map((s) => [s.id, s.complete, s.current])).toEqual([
      ["who", true, false],
      ["travel", false, true],
      ["receipts", false, false],
      ["confirm", true, false],
    ]);
    expect(JSON.parse(JSON.stringify(status))).toEqual(status);
  });
});

/** Counts adapter loads made through the runner (contextLine with records must make none). */
class FormRunnerSpy {
  loads = 0;
  constructor(runner: object) {
    const adapter = (runner as unknown as { adapter: MemoryFormAdapter }).adapter;
    const load = adapter.load.bind(adapter);
    adapter.load = (id) => {
      this.loads++;
      return load(id);
    };
  }
}

describe("submission", () => {
  it("refuses an incomplete form and submits exactly the confirmed version in the same commit", async () => {
    const { runner, adapter } = setup();
    const { instanceId } = await runner.start("expense-claim", { by: agent, values: who });
    await expect(runner.submission(instanceId)).rejects.toMatchObject({ code: "incomplete" });
    await runner.fill(instanceId, { ...travel, ...receipts }, { by: agent });
    const shown = await runner.submission(instanceId);
    await runner.fill(instanceId, { note: "late" }, { by: person });
    await expect(runner.submit(instanceId, { version: shown.version, by: person })).rejects.toBeInstanceOf(FormStaleError);
    const again = await runner.submission(instanceId);
    const report = await runner.submit(instanceId, { version: again.version, by: person });
    expect(report.status).toBe("submitted");
    expect((adapter as MemoryFormAdapter).submissions()).toEqual([
      expect.objectContaining({ instanceId, values: again.values, by: person }),
    ]);
    await expect(runner.fill(instanceId, { note: "x" }, { by: agent })).rejects.toMatchObject({ code: "closed" });
    expect(await runner.active()).toEqual([]);
  });

  it("abandons with a reason", async () => {
    const { runner } = setup();
    const { instanceId } = await runner.start("expense-claim", { by: agent });
    expect((await runner.abandon(instanceId, { by: person, reason: "Changed my mind" })).status).toBe("abandoned");
    await expect(runner.fill(instanceId, { note: "x" }, { by: agent })).rejects.toMatchObject({
      code: "closed",
      message: /Changed my mind/,
    });
  });
});

describe("definition drift", () => {
  it("keeps an instance on its version while it is registered", async () => {
    const { runner, registry } = setup();
    const { instanceId } = await runner.start("expense-claim", { by: agent });
    registry.register(expenseClaim(2).step("extra", { title: "Extra" }, (s) => s.field("extra", { schema: z.string(), label: "Extra" })));
    expect((await runner.view(instanceId)).formVersion).toBe(1);
    expect((await runner.start("expense-claim", { by: agent })).view.formVersion).toBe(2);
  });

  it("reports stale when the version is gone without a migration, and migrates values when one is declared", async () => {
    const adapter = new MemoryFormAdapter();
    const first = setup([expenseClaim()], adapter);
    const { instanceId } = await first.runner.start("expense-claim", { by: agent, values: who });
    const stale = setup([expenseClaim(2)], adapter);
    await expect(stale.runner.view(instanceId)).rejects.toThrow(/version 1 of expense-claim is no longer available/i);
    const migrating = setup(
      [expenseClaim(3).migrateFrom(1, (values) => ({ ...values, fullName: String(values.fullName).toUpperCase() }))],
      adapter,
    );
    expect((await migrating.runner.view(instanceId)).steps[0].fields[0].value).toBe("ADA LOVELACE");
    const report = await migrating.runner.fill(instanceId, { mode: "rail" }, { by: agent });
    expect(report.view.formVersion).toBe(3);
    const history = await migrating.runner.history(instanceId);
    expect(history.filter((e) => e.by.id === "migration").map((e) => [e.field, e.value])).toEqual([
      ["$migration", { from: 1, to: 3 }],
      ["fullName", "ADA LOVELACE"],
    ]);
    await migrating.runner.fill(instanceId, { amount: 3 }, { by: agent });
    expect((await migrating.runner.history(instanceId)).filter((e) => e.by.id === "migration")).toHaveLength(2);
  });
});

describe("compare-and-set", () => {
  it("applyEntryCommit assigns seq, bumps the version and refuses a stale one", () => {
    const snapshot: FormSnapshot = {
      instance: { id: "i", formId: "f", formVersion: 1, status: "open", version: 1, state: {} as never, createdAt: "t0", updatedAt: "t0" },
      entries: [{ seq: 1, fieldId: "a", op: "set", value: 1, by: agent, at: "t0" }],
    };
    const commit: FormCommit = {
      instanceId: "i",
      expectedVersion: 1,
      entries: [{ fieldId: "b", op: "set", value: 2, by: agent, at: "t1" }],
      status: "completed",
      state: {} as never,
      at: "t1",
    };
    const next = applyEntryCommit(snapshot, commit);
    expect(next.instance).toMatchObject({ version: 2, status: "completed", updatedAt: "t1" });
    expect(next.entries.map((e) => e.seq)).toEqual([1, 2]);
    expect(snapshot.entries).toHaveLength(1);
    expect(() => applyEntryCommit(next, commit)).toThrow(FormConflictError);
  });

  it("never loses either of two concurrent fills whose commits interleave", async () => {
    const inner = new MemoryFormAdapter();
    // Both fills read before either commits: the second commit conflicts and must be recomputed.
    let waiting: (() => void)[] = [];
    let gate = true;
    const adapter = Object.assign(Object.create(inner) as MemoryFormAdapter, {
      load: async (id: string) => {
        const snapshot = await inner.load(id);
        if (gate) {
          await new Promise<void>((resolve) => {
            waiting.push(resolve);
            if (waiting.length === 2) {
              gate = false;
              waiting.forEach((go) => go());
              waiting = [];
            }
          });
        }
        return snapshot;
      },
    });
    const { runner } = setup([expenseClaim()], adapter);
    gate = false;
    const { instanceId } = await runner.start("expense-claim", { by: agent });
    gate = true;
    const commits: number[] = [];
    const commit = inner.commit.bind(inner);
    adapter.commit = async (c) => {
      commits.push(c.expectedVersion);
      return commit(c);
    };
    await Promise.all([
      runner.fill(instanceId, { fullName: "Ada Lovelace" }, { by: agent }),
      runner.fill(instanceId, { email: "a@b.co" }, { by: person }),
    ]);
    const view = await runner.view(instanceId);
    expect(view.steps[0].fields.map((f) => f.value)).toEqual(["Ada Lovelace", "a@b.co"]);
    expect(commits[0]).toBe(commits[1]);
  });

  it("gives up after maxConflictRetries", async () => {
    const inner = new MemoryFormAdapter();
    const { runner } = setup([expenseClaim()], inner);
    const { instanceId } = await runner.start("expense-claim", { by: agent });
    let attempts = 0;
    inner.commit = async (c) => {
      attempts++;
      throw new FormConflictError(c.instanceId, c.expectedVersion, c.expectedVersion + 1);
    };
    await expect(runner.fill(instanceId, { email: "a@b.co" }, { by: agent })).rejects.toBeInstanceOf(FormConflictError);
    expect(attempts).toBe(4);
  });
});

describe("the in-memory adapter and error results", () => {
  it("stores deep copies and is all or nothing", async () => {
    const adapter = new MemoryFormAdapter();
    const state = { currentStepId: null, revisiting: [], edges: {}, awaiting: null, failures: [], terminatedReason: null };
    const created = await adapter.create({ id: "i", formId: "f", formVersion: 1, state, at: "t", by: agent });
    created.instance.status = "terminated";
    expect((await adapter.load("i"))!.instance.status).toBe("open");
    const value = { nested: [1] };
    await adapter.commit({
      instanceId: "i",
      expectedVersion: 1,
      entries: [{ fieldId: "a", op: "set", value, by: agent, at: "t" }],
      status: "open",
      state,
      at: "t",
    });
    value.nested.push(2);
    expect((await adapter.load("i"))!.entries[0].value).toEqual({ nested: [1] });
    await expect(
      adapter.commit({
        instanceId: "i",
        expectedVersion: 1,
        entries: [],
        status: "submitted",
        state,
        submission: { values: {}, by: agent },
        at: "t",
      }),
    ).rejects.toBeInstanceOf(FormConflictError);
    expect(adapter.submissions()).toEqual([]);
    expect((await adapter.load("i"))!.instance.version).toBe(2);
  });

  it("formErrorResult answers with the code and data", () => {
    expect(formErrorResult(new FormError("closed", "Closed.", { reason: "r" }))).toEqual({
      status: "error",
      message: "Closed.",
      data: { code: "closed", reason: "r" },
    });
    expect(() => formErrorResult(new Error("boom"))).toThrow("boom");
  });
});
