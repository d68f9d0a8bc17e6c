import { fieldInput as storedFieldInput, fieldSchema } from "@/lib/forms/stored/field-schema";
import type { StoredField, StoredFormInput } from "@/lib/forms/stored-form";
import { typeTextOf } from "@/lib/forms/type-text";
import type { FieldInputView } from "@/lib/forms/view";

type DraftField = NonNullable<StoredFormInput["steps"][number]["fields"]>[number];

/** A draft field with the defaults a saved one gets, so the engine's own functions read it. */
const asStored = (field: DraftField): StoredField => ({ ...field, required: field.required ?? true });

/** How the card draws the field: the compiler's own mapping, so the preview cannot drift from the chat. */
export function fieldInput(field: DraftField): FieldInputView {
  return storedFieldInput(asStored(field));
}

/**
 * The type text the agent will read, from the schema the compiler makes (the engine's words). A
 * draft that cannot compile yet (a choice without options) says what it is in plain words.
 */
export function fieldTypeText(field: DraftField): string {
  const stored = asStored(field);
  if (stored.type === "money" && !stored.currency) return "amount in a currency";
  try {
    return typeTextOf(fieldSchema(stored), storedFieldInput(stored));
  } catch {
    return field.type.replace("_", " ");
  }
}
