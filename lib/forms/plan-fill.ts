import { lookupField } from "./field-lookup";
import type { ReportParts } from "./fill-report";
import type { InstanceModel } from "./instance-model";
import { sameValue } from "./same-value";
import type { FieldDefinition, FormActor, NewFormEntry } from "./types";
import { validateValue } from "./validate-value";

export interface FillPlan {
  added: NewFormEntry[];
  parts: ReportParts;
}

/**
 * A fill's entries: any fields at once, each validated alone (the valid ones are kept when others
 * fail), unknown ids reported, and the person's answers kept from an agent unless `override`.
 */
export function planFill(model: InstanceModel, values: Record<string, unknown>, by: FormActor, override: boolean, at: string): FillPlan {
  const added: NewFormEntry[] = [];
  const parts: ReportParts = { errors: [], unknown: [], locked: [], written: [] };
  for (const [raw, value] of Object.entries(values)) {
    const found = lookupField(model.definition, raw);
    if (!found.field) {
      parts.unknown.push({ field: raw, did_you_mean: found.didYouMean });
      continue;
    }
    const { field } = found;
    const check = validateValue(field, value);
    if (!check.ok) {
      parts.errors.push({ field: field.id, message: check.message, hint: check.hint });
      continue;
    }
    // Without a value a field has no entry: "set it to nothing" is a retract (revise), not a fill.
    if (check.value === undefined) continue;
    // The same value again writes nothing (and so fires nothing), whoever gave it.
    const unchanged = sameValue(model.fields.get(field.id)?.value, check.value);
    const lock = unchanged ? null : lockedBy(model, field, by, override);
    if (lock) {
      parts.locked.push({ field: field.id, message: lock });
      continue;
    }
    if (!parts.written.includes(field.id)) parts.written.push(field.id);
    if (unchanged) continue;
    added.push({ fieldId: field.id, op: "set", value: check.value, by, at });
  }
  return { added, parts };
}

/** Why an agent may not change this field now (the person gave its current value), or null. */
export function lockedBy(model: InstanceModel, field: FieldDefinition, by: FormActor, override: boolean): string | null {
  const current = model.fields.get(field.id);
  if (override || by.kind !== "agent" || current?.by?.kind !== "person" || current.value === undefined) return null;
  const who = current.by.name ?? "the person";
  return `"${field.label}" was given by ${who}; change it only when they ask for it in the conversation (then send override: true).`;
}
