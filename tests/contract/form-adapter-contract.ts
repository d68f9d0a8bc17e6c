import { describe, expect, it } from "vitest";
import { FormConflictError, FormError } from "@/lib/forms/errors";
import type { FormAdapter, FormCommit, FormInstanceState, FormSnapshot, NewFormEntry, NewFormInstance } from "@/lib/forms/types";

/**
 * The FormAdapter contract as tests (lib/forms/types.ts). Call it from a test file with a setup
 * that returns a fresh, empty scope for each test:
 *
 *   formAdapterContract("PostgresFormAdapter", async () => ({ adapter, otherScope, submissions }), { formId: "expense-claim" });
 *
 * Only the interface is used, so every implementation must pass unchanged.
 */
export interface FormAdapterContractSetup {
  adapter: FormAdapter;
  /** A scope that must not see the adapter's instances (another conversation or tenant). */
  otherScope?: FormAdapter;
  /** Submissions stored for the adapter's scope. */
  submissions(): Promise<{ instanceId: string; values: Record<string, unknown> }[]>;
}

export interface FormAdapterContractOptions {
  /** A form the scope can submit (on Postgres: one its tenant has a definition of). */
  formId: string;
  /** A form whose submission the adapter refuses (on Postgres: a key the tenant has no definition of); omit when any form may be submitted. */
  unknownFormId?: string;
  /** False for an adapter without scopes: the setup then gives no `otherScope`. */
  scoped?: boolean;
}

export function formAdapterContract(
  name: string,
  setup: () => Promise<FormAdapterContractSetup>,
  { formId, unknownFormId, scoped = true }: FormAdapterContractOptions,
) {
  let sequence = 0;
  const uid = (prefix: string) =>
    `${prefix}-${Date.now().toString(36)}-${(sequence++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const at = (second: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, second)).toISOString();

  const state = (extra: Partial<FormInstanceState> = {}): FormInstanceState => ({
    currentStepId: "travel",
    revisiting: [],
    edges: { "checkpoint:over-limit": { active: false, crossings: 0 } },
    awaiting: null,
    failures: [],
    terminatedReason: null,
    ...extra,
  });
  const newInstance = (formId: string, extra: Partial<NewFormInstance> = {}): NewFormInstance => ({
    id: uid("form"),
    formId,
    formVersion: 2,
    state: state(),
    at: at(0),
    by: { kind: "agent" },
    ...extra,
  });
  const entry = (fieldId: string, value: unknown, extra: Partial<NewFormEntry> = {}): NewFormEntry => ({
    fieldId,
    op: "set",
    value,
    by: { kind: "agent" },
    at: at(5),
    ...extra,
  });
  const commitOf = (snapshot: FormSnapshot, extra: Partial<FormCommit> = {}): FormCommit => ({
    instanceId: snapshot.instance.id,
    expectedVersion: snapshot.instance.version,
    entries: [],
    status: snapshot.instance.status,
    state: snapshot.instance.state,
    at: at(10),
    ...extra,
  });
  /** What the promise threw; a promise that resolved gives `{resolved}`, which no error assertion accepts. */
  const thrown = async (promise: Promise<unknown>): Promise<unknown> =>
    promise.then(
      (value) => ({ resolved: value }),
      (error) => error,
    );

  describe(`FormAdapter contract: ${name}`, () => {
    it("loads what it created, deep-equal, with no entries", async () => {
      const { adapter } = await setup();
      const created = await adapter.create(newInstance(formId, { at: at(3) }));
      expect(created.entries).toEqual([]);
      expect(created.instance).toMatchObject({
        formId,
        formVersion: 2,
        status: "open",
        state: state(),
        createdAt: at(3),
        updatedAt: at(3),
      });
      expect(await adapter.load(created.instance.id)).toEqual(created);
    });

    it("hands out copies: changing a returned snapshot changes nothing stored", async () => {
      const { adapter } = await setup();
      const created = await adapter.create(newInstance(formId));
      const committed = await adapter.commit(commitOf(created, { entries: [entry("mode", { kind: "rail", legs: [1, 2] })] }));
      const before = structuredClone(committed);

      created.instance.state.revisiting.push("mutated");
      committed.instance.status = "abandoned";
      committed.instance.state.edges["checkpoint:over-limit"].crossings = 99;
      (committed.entries[0].value as { legs: number[] }).legs.push(3);
      const loaded = (await adapter.load(created.instance.id))!;
      loaded.entries.pop();

      expect(await adapter.load(created.instance.id)).toEqual(before);
    });

    it("loads nothing for an unknown id", async () => {
      const { adapter } = await setup();
      expect(await adapter.load(uid("missing"))).toBeNull();
    });

    if (scoped) {
      it("keeps an instance out of another scope", async () => {
        const { adapter, otherScope } = await setup();
        expect(otherScope).toBeDefined();
        const created = await adapter.create(newInstance(formId));
        expect(await otherScope!.load(created.instance.id)).toBeNull();
        expect(await otherScope!.listActive()).toEqual([]);
      });
    }

    it("lists open, awaiting and completed instances, oldest first", async () => {
      const { adapter } = await setup();
      const later = await adapter.create(newInstance(formId, { at: at(4) }));
      const first = await adapter.create(newInstance(formId, { at: at(1) }));
      const awaiting = await adapter.create(newInstance(formId, { at: at(2) }));
      const submitted = await adapter.create(newInstance(formId, { at: at(3) }));
      const abandoned = await adapter.create(newInstance(formId, { at: at(5) }));
      const completed = await adapter.create(newInstance(formId, { at: at(6) }));
      await adapter.commit(commitOf(awaiting, { status: "awaiting" }));
      await adapter.commit(commitOf(submitted, { status: "submitted" }));
      await adapter.commit(commitOf(abandoned, { status: "abandoned" }));
      await adapter.commit(commitOf(completed, { status: "completed" }));

      const active = await adapter.listActive();
      expect(active.map((instance) => instance.id)).toEqual([first, awaiting, later, completed].map((s) => s.instance.id));
      expect(active.map((instance) => instance.status)).toEqual(["open", "awaiting", "open", "completed"]);
    });

    it("appends entries with increasing seq, replaces status and state, and bumps the version", async () => {
      const { adapter } = await setup();
      const created = await adapter.create(newInstance(formId));
      const first = await adapter.commit(
        commitOf(created, {
          entries: [
            entry("mode", "rail"),
            entry("distance", 120, { by: { kind: "person", id: "user-1", name: "Ada" } }),
            entry("notes", null),
          ],
          state: state({ currentStepId: "receipts" }),
          at: at(20),
        }),
      );
      expect(first.instance).toMatchObject({
        version: created.instance.version + 1,
        updatedAt: at(20),
        createdAt: created.instance.createdAt,
      });
      expect(first.instance.state.currentStepId).toBe("receipts");

      const second = await adapter.commit(
        commitOf(first, {
          entries: [{ fieldId: "notes", op: "retract", by: { kind: "api", id: "key-1" }, at: at(30) }],
          status: "completed",
        }),
      );
      expect(second.instance).toMatchObject({ version: created.instance.version + 2, status: "completed" });
      expect(second.entries).toEqual([
        { seq: 1, fieldId: "mode", op: "set", value: "rail", by: { kind: "agent" }, at: at(5) },
        { seq: 2, fieldId: "distance", op: "set", value: 120, by: { kind: "person", id: "user-1", name: "Ada" }, at: at(5) },
        // null is a value; a retract has none.
        { seq: 3, fieldId: "notes", op: "set", value: null, by: { kind: "agent" }, at: at(5) },
        { seq: 4, fieldId: "notes", op: "retract", by: { kind: "api", id: "key-1" }, at: at(30) },
      ]);
      expect(second.entries[3]).not.toHaveProperty("value");
      expect(await adapter.load(created.instance.id)).toEqual(second);
    });

    it("refuses a stale expected version and writes nothing", async () => {
      const { adapter } = await setup();
      const created = await adapter.create(newInstance(formId));
      const current = await adapter.commit(commitOf(created, { entries: [entry("mode", "car")] }));

      const error = await thrown(adapter.commit(commitOf(created, { entries: [entry("mode", "air")], status: "abandoned" })));
      expect(error).toBeInstanceOf(FormConflictError);
      expect(await adapter.load(created.instance.id)).toEqual(current);
    });

    it("lets exactly one of 20 concurrent commits with the same expected version win", async () => {
      const { adapter } = await setup();
      const created = await adapter.create(newInstance(formId));
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, (_, index) => adapter.commit(commitOf(created, { entries: [entry("distance", index)] }))),
      );
      const won = outcomes.filter((outcome) => outcome.status === "fulfilled");
      const lost = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason] : []));
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(19);
      for (const reason of lost) expect(reason).toBeInstanceOf(FormConflictError);

      const stored = (await adapter.load(created.instance.id))!;
      expect(stored.instance.version).toBe(created.instance.version + 1);
      expect(stored.entries).toHaveLength(1);
      expect(stored).toEqual(won[0].status === "fulfilled" && won[0].value);
    });

    it("loses no answer of 20 concurrent writers that reload and retry on conflict", async () => {
      const { adapter } = await setup();
      const created = await adapter.create(newInstance(formId));
      const write = async (index: number) => {
        for (;;) {
          const snapshot = (await adapter.load(created.instance.id))!;
          try {
            return await adapter.commit(commitOf(snapshot, { entries: [entry(`field_${index}`, index)] }));
          } catch (error) {
            if (!(error instanceof FormConflictError)) throw error;
          }
        }
      };
      await Promise.all(Array.from({ length: 20 }, (_, index) => write(index)));

      const stored = (await adapter.load(created.instance.id))!;
      expect(stored.instance.version).toBe(created.instance.version + 20);
      expect(stored.entries.map((stored) => stored.seq)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
      expect(stored.entries.map((stored) => stored.value).sort((a, b) => Number(a) - Number(b))).toEqual(
        Array.from({ length: 20 }, (_, index) => index),
      );
    });

    it("stores exactly one submission with the given values, and none for a second submit at a stale version", async () => {
      const { adapter, submissions } = await setup();
      const created = await adapter.create(newInstance(formId));
      const completed = await adapter.commit(commitOf(created, { entries: [entry("mode", "rail")], status: "completed" }));
      const values = { mode: "rail", distance: 120, notes: null, legs: [{ from: "Oslo", to: "Bergen" }] };

      const submitted = await adapter.commit(
        commitOf(completed, { status: "submitted", submission: { values, by: { kind: "person", id: "user-1", name: "Ada" } } }),
      );
      expect(submitted.instance.status).toBe("submitted");
      const error = await thrown(
        adapter.commit(commitOf(completed, { status: "submitted", submission: { values: { mode: "air" }, by: { kind: "agent" } } })),
      );
      expect(error).toBeInstanceOf(FormConflictError);

      expect(await submissions()).toEqual([{ instanceId: created.instance.id, values }]);
      expect(await adapter.load(created.instance.id)).toEqual(submitted);
    });

    describe("a failing commit stores nothing at all", () => {
      const nonJson: [string, unknown][] = [
        ["undefined inside an object", { amount: 3, currency: undefined }],
        ["a function", () => 1],
        ["a BigInt", 10n],
        ["NaN", Number.NaN],
        ["a Date", new Date(0)],
      ];
      it.each(nonJson)("an entry whose value holds %s", async (_label, value) => {
        const { adapter } = await setup();
        const created = await adapter.create(newInstance(formId));
        const current = await adapter.commit(commitOf(created, { entries: [entry("mode", "car")] }));

        const error = await thrown(
          adapter.commit(commitOf(current, { entries: [entry("mode", "rail"), entry("amount", value)], status: "completed" })),
        );
        expect(error).toBeInstanceOf(FormError);
        expect(error).not.toBeInstanceOf(FormConflictError);
        expect(await adapter.load(created.instance.id)).toEqual(current);
      });

      it("a submission whose values are not JSON", async () => {
        const { adapter, submissions } = await setup();
        const created = await adapter.create(newInstance(formId));
        const error = await thrown(
          adapter.commit(commitOf(created, { status: "submitted", submission: { values: { at: new Date(0) }, by: { kind: "agent" } } })),
        );
        expect(error).toBeInstanceOf(FormError);
        expect(await adapter.load(created.instance.id)).toEqual(created);
        expect(await submissions()).toEqual([]);
      });

      if (unknownFormId) {
        it("a submission of a form the adapter does not know", async () => {
          const { adapter, submissions } = await setup();
          const created = await adapter.create(newInstance(unknownFormId));
          const error = await thrown(
            adapter.commit(
              commitOf(created, {
                entries: [entry("mode", "rail")],
                status: "submitted",
                submission: { values: {}, by: { kind: "agent" } },
              }),
            ),
          );
          expect(error).toBeInstanceOf(FormError);
          expect(error).not.toBeInstanceOf(FormConflictError);
          expect(await adapter.load(created.instance.id)).toEqual(created);
          expect(await submissions()).toEqual([]);
        });
      }
    });
  });
}
