import { FormError } from "./errors";
import type { FieldState } from "./field-state";
import { requireField } from "./field-lookup";
import type { InstanceModel } from "./instance-model";
import { lockedBy, planFill, type FillPlan } from "./plan-fill";
import type { FormActor, FormEntryOp } from "./types";

export interface Revision {
  /** Optional for undo / redo: then the most recently changed field. */
  field?: string;
  action: FormEntryOp;
  value?: unknown;
}

/** A revise's entry: a set (validated like a fill), a retract, or an undo / redo that moves the field's cursor. */
export function planRevise(model: InstanceModel, revision: Revision, by: FormActor, override: boolean, at: string): FillPlan {
  if (revision.action === "set") {
    if (!revision.field) throw new FormError("invalid_revision", "A set names the field to set.");
    const field = requireField(model.definition, revision.field);
    return planFill(model, { [field.id]: revision.value }, by, override, at);
  }
  const fieldId = revision.field ? requireField(model.definition, revision.field).id : latestFor(model, revision.action);
  const state = model.fields.get(fieldId);
  if (revision.action === "retract" && state?.value === undefined)
    throw new FormError("nothing_to_retract", `"${fieldId}" has no answer to retract.`, { field: fieldId });
  if (revision.action === "undo" && !state?.undoStack.length)
    throw new FormError("nothing_to_undo", `There is nothing to undo for "${fieldId}".`, { field: fieldId });
  if (revision.action === "redo" && !state?.redoStack.length)
    throw new FormError("nothing_to_redo", `There is nothing to redo for "${fieldId}".`, { field: fieldId });
  const field = requireField(model.definition, fieldId);
  const lock = lockedBy(model, field, by, override);
  const parts = { errors: [], unknown: [], locked: lock ? [{ field: fieldId, message: lock }] : [], written: lock ? [] : [fieldId] };
  return { added: lock ? [] : [{ fieldId, op: revision.action, by, at }], parts };
}

/** The field a form-wide undo / redo applies to: the one whose last change (of that kind) is the most recent. */
function latestFor(model: InstanceModel, action: "retract" | "undo" | "redo"): string {
  const ids = new Set(model.definition.steps.flatMap((s) => s.fields.map((f) => f.id)));
  const can = (state: FieldState) =>
    action === "redo" ? state.redoStack.length > 0 : action === "undo" ? state.undoStack.length > 0 : state.value !== undefined;
  const entry = model.entries.findLast(
    (e) => ids.has(e.fieldId) && can(model.fields.get(e.fieldId)!) && (action !== "redo" || e.op === "undo"),
  );
  if (entry) return entry.fieldId;
  const code = action === "redo" ? "nothing_to_redo" : action === "undo" ? "nothing_to_undo" : "nothing_to_retract";
  throw new FormError(code, `There is nothing to ${action} in this form.`);
}
