import type { z } from "zod";
import {
  FORM_LIMITS,
  type StoredForm,
  type StoredFormInput,
  type storedCheckpointSchema,
  type storedFieldSchema,
  type storedStepSchema,
} from "@/lib/forms/stored-form";

/**
 * The builder's draft: the stored definition plus what only the editor needs, a stable `key` per
 * step, field and checkpoint (React keys that survive reordering) and whether its id was typed
 * (`idEdited`; until then the id follows the label). Indices are the stored form's, so a problem
 * at `steps[1].fields[0]` is the second step's first field here too.
 */

type FieldInput = z.input<typeof storedFieldSchema>;
type StepInput = z.input<typeof storedStepSchema>;
type CheckpointInput = z.input<typeof storedCheckpointSchema>;

interface Keyed {
  key: string;
  idEdited: boolean;
}
export type FieldDraft = FieldInput & Keyed;
export type StepDraft = Omit<StepInput, "fields"> & Keyed & { fields: FieldDraft[] };
export type CheckpointDraft = CheckpointInput & Keyed;
export interface FormDraft {
  id: string;
  idEdited: boolean;
  name: string;
  description: string;
  conduct: string;
  steps: StepDraft[];
  checkpoints: CheckpointDraft[];
}

let lastKey = 0;
const nextKey = () => `k${++lastKey}`;

/** Lowercase-with-dashes from a label, starting with a letter, as the stored schema wants ids. */
export function slugId(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^[^a-z]+/, "")
    .replace(/-+$/, "")
    .slice(0, FORM_LIMITS.idLength)
    .replace(/-+$/, "");
}

/** `base`, or `base-2`, `base-3`... when taken. */
export function uniqueId(base: string, taken: ReadonlySet<string>): string {
  if (!base || !taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export const allFieldIds = (draft: FormDraft, except?: string) =>
  new Set(draft.steps.flatMap((step) => step.fields.filter((field) => field.key !== except).map((field) => field.id)));

export function newField(draft: FormDraft, label = ""): FieldDraft {
  return { key: nextKey(), idEdited: false, id: uniqueId(slugId(label), allFieldIds(draft)), label, type: "text", required: true };
}

export function newStep(draft: FormDraft): StepDraft {
  const title = `Step ${draft.steps.filter((step) => !step.confirmation).length + 1}`;
  const taken = new Set(draft.steps.map((step) => step.id));
  return { key: nextKey(), idEdited: false, id: uniqueId(slugId(title), taken), title, confirmation: false, fields: [] };
}

export function newCheckpoint(draft: FormDraft, fieldId: string): CheckpointDraft {
  const title = "Approval needed";
  const taken = new Set(draft.checkpoints.map((checkpoint) => checkpoint.id));
  return {
    key: nextKey(),
    idEdited: false,
    id: uniqueId(slugId(title), taken),
    when: { field: fieldId, op: "gt", value: 0 },
    approval: { title, body: "", approverRole: "admin" },
  };
}

export function emptyDraft(): FormDraft {
  const draft: FormDraft = { id: "", idEdited: false, name: "", description: "", conduct: "", steps: [], checkpoints: [] };
  return { ...draft, steps: [newStep(draft)] };
}

/** A stored definition, opened for editing: its ids are fixed (running instances and submissions use them). */
export function draftFrom(form: StoredForm): FormDraft {
  return {
    id: form.id,
    idEdited: true,
    name: form.name,
    description: form.description,
    conduct: form.conduct ?? "",
    steps: form.steps.map((step) => ({
      ...step,
      key: nextKey(),
      idEdited: true,
      fields: step.fields.map((field) => ({ ...field, key: nextKey(), idEdited: true })),
    })),
    checkpoints: form.checkpoints.map((checkpoint) => ({ ...checkpoint, key: nextKey(), idEdited: true })),
  };
}

const CHOICE_TYPES = new Set(["one_of", "several_of"]);

/** A field as stored, without the editor's keys (the HTTP tools editor uses it too). */
export function storedField({ key: _key, idEdited: _idEdited, hint, options, currency, limits, ...field }: FieldDraft): FieldInput {
  const cleanLimits = Object.fromEntries(Object.entries(limits ?? {}).filter(([, value]) => value !== undefined && value !== ""));
  return {
    ...field,
    ...(hint?.trim() ? { hint } : {}),
    ...(CHOICE_TYPES.has(field.type) ? { options: options ?? [] } : {}),
    ...(field.type === "money" ? { currency: currency ?? "" } : {}),
    ...(Object.keys(cleanLimits).length > 0 ? { limits: cleanLimits } : {}),
  };
}

/** What is checked, saved and previewed: the draft without the editor's own keys. */
export function toStored(draft: FormDraft): StoredFormInput {
  return {
    id: draft.id,
    name: draft.name,
    description: draft.description,
    ...(draft.conduct.trim() ? { conduct: draft.conduct } : {}),
    steps: draft.steps.map(({ key: _key, idEdited: _idEdited, fields, ...step }) =>
      step.confirmation ? { ...step, fields: [] } : { ...step, fields: fields.map(storedField) },
    ),
    checkpoints: draft.checkpoints.map(({ key: _key, idEdited: _idEdited, approval: { body, ...approval }, ...checkpoint }) => ({
      ...checkpoint,
      approval: { ...approval, ...(body?.trim() ? { body } : {}) },
    })),
  };
}

/** The list with the item at `index` moved by `delta` (-1 up, +1 down); unchanged at the ends. */
export function moved<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (target < 0 || target >= list.length) return [...list];
  const copy = [...list];
  [copy[index], copy[target]] = [copy[target], copy[index]];
  return copy;
}

/** Whether the last step is the confirmation step (the toggle's state). */
export const hasConfirmation = (draft: FormDraft) => draft.steps.at(-1)?.confirmation === true;

/** Adds or removes the confirmation step, which is always last. */
export function withConfirmation(draft: FormDraft, on: boolean): FormDraft {
  if (on === hasConfirmation(draft)) return draft;
  if (!on) return { ...draft, steps: draft.steps.slice(0, -1) };
  const taken = new Set(draft.steps.map((step) => step.id));
  const step: StepDraft = {
    key: nextKey(),
    idEdited: false,
    id: uniqueId("confirm", taken),
    title: "Confirm",
    confirmation: true,
    fields: [],
  };
  return { ...draft, steps: [...draft.steps, step] };
}

/** Fields before the step at `stepIndex` and before `fieldIndex` in it: what a condition may look at. */
export function earlierFields(draft: FormDraft, stepIndex: number, fieldIndex = Infinity): FieldDraft[] {
  return draft.steps.slice(0, stepIndex + 1).flatMap((step, index) => (index < stepIndex ? step.fields : step.fields.slice(0, fieldIndex)));
}
