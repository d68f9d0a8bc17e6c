import type { StoredField, StoredForm } from "../stored-form";

/** A field with where it stands: its place in form order and the path the builder shows. */
export interface PlacedField {
  field: StoredField;
  stepIndex: number;
  fieldIndex: number;
  /** Position in form order (steps in order, fields in order). */
  order: number;
  path: string;
}

export function placeFields(form: StoredForm): PlacedField[] {
  const placed: PlacedField[] = [];
  form.steps.forEach((step, stepIndex) =>
    step.fields.forEach((field, fieldIndex) =>
      placed.push({ field, stepIndex, fieldIndex, order: placed.length, path: `steps[${stepIndex}].fields[${fieldIndex}]` }),
    ),
  );
  return placed;
}

/** How the engine compares ids loosely (`fullName` = `full_name`), so two fields may not collide that way. */
export const looseId = (id: string) => id.toLowerCase().replace(/[^a-z0-9]/g, "");
