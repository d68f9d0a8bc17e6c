import { evaluate, formComplete, type Evaluation, allFields } from "./applicability";
import { currentValues, replayFields, type FieldState } from "./field-state";
import type { ResolvedDefinition } from "./registry";
import { sameValue } from "./same-value";
import type { FormDefinition, FormEntry, FormSnapshot, NewFormEntry } from "./types";

/** The entry that records a definition migration (value `{from, to}`); not a field of any form. */
export const MIGRATION_FIELD = "$migration";

/** An instance read together with the definition it runs on: every derived value a write or a read needs. */
export interface InstanceModel {
  snapshot: FormSnapshot;
  definition: FormDefinition;
  /** Migration entries not yet committed: the next write commits them with its own entries. */
  pending: NewFormEntry[];
  entries: FormEntry[];
  fields: Map<string, FieldState>;
  /** Current values (live and held). */
  values: Record<string, unknown>;
  evaluation: Evaluation;
  complete: boolean;
}

/** The version an instance runs on: the one it started on, or the last one a migration carried it to. */
export function effectiveVersion(snapshot: FormSnapshot): number {
  const migration = snapshot.entries.findLast((entry) => entry.fieldId === MIGRATION_FIELD);
  return (migration?.value as { to?: number } | undefined)?.to ?? snapshot.instance.formVersion;
}

export function modelOf(
  definition: FormDefinition,
  snapshot: FormSnapshot,
  entries: FormEntry[],
  pending: NewFormEntry[] = [],
): InstanceModel {
  const fields = replayFields(entries);
  const values = currentValues(fields);
  const evaluation = evaluate(definition, values);
  return { snapshot, definition, pending, entries, fields, values, evaluation, complete: formComplete(definition, evaluation) };
}

/** Builds the model; when the registry migrates the instance, the migrated values are applied in memory and kept as pending entries. */
export function loadModel(snapshot: FormSnapshot, resolved: ResolvedDefinition, at: string): InstanceModel {
  const { definition, migrate } = resolved;
  if (!migrate) return modelOf(definition, snapshot, snapshot.entries);
  const before = currentValues(replayFields(snapshot.entries));
  const after = migrate({ ...before });
  const by = { kind: "executor" as const, id: "migration", name: `migration to version ${definition.version}` };
  const pending: NewFormEntry[] = [
    { fieldId: MIGRATION_FIELD, op: "set", value: { from: effectiveVersion(snapshot), to: definition.version }, by, at },
  ];
  for (const field of allFields(definition)) {
    if (sameValue(before[field.id], after[field.id])) continue;
    pending.push(
      after[field.id] === undefined
        ? { fieldId: field.id, op: "retract", by, at }
        : { fieldId: field.id, op: "set", value: after[field.id], by, at },
    );
  }
  return modelOf(definition, snapshot, withSeq(snapshot.entries, pending), pending);
}

/** Entries not yet committed, numbered as the adapter will number them (for replay only). */
export function withSeq(entries: readonly FormEntry[], added: readonly NewFormEntry[]): FormEntry[] {
  const last = entries.at(-1)?.seq ?? 0;
  return [...entries, ...added.map((entry, i) => ({ ...entry, seq: last + i + 1 }))];
}
