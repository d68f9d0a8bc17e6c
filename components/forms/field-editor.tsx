"use client";

import { NativeSelect } from "@/components/settings/native-select";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { slugId, uniqueId, type FieldDraft } from "@/lib/client/forms/draft";
import { messagesAt } from "@/lib/client/forms/problems";
import type { FormProblem } from "@/lib/client/forms/types";
import { STORED_FIELD_TYPES, type StoredFieldType } from "@/lib/forms/stored-form";
import { ConditionEditor } from "./condition-editor";
import { FIELD_TYPE_LABEL, isChoice } from "./field-types";
import { ItemActions } from "./item-actions";
import { LimitsEditor } from "./limits-editor";
import { OptionsEditor } from "./options-editor";
import { ProblemText } from "./problem-text";

/** What the editor's own inputs show; the rest of a field's problems are listed under its heading. */
const SHOWN = ["label", "id", "type", "hint", "options", "currency", "limits", "when"];

export interface FieldEditorProps {
  field: FieldDraft;
  /** `steps[i].fields[j]`: where the field's problems are. */
  at: string;
  /** "Step 1, field 2": the group's name. */
  name: string;
  earlier: FieldDraft[];
  /** Ids of the form's other fields (a derived id stays unique). */
  takenIds: ReadonlySet<string>;
  problems: readonly FormProblem[];
  first: boolean;
  last: boolean;
  onChange(field: FieldDraft): void;
  onMove(delta: -1 | 1): void;
  onRemove(): void;
  /** False where fields have no conditions (an HTTP tool's input). */
  withCondition?: boolean;
}

export function FieldEditor({
  field,
  at,
  name,
  earlier,
  takenIds,
  problems,
  first,
  last,
  onChange,
  onMove,
  onRemove,
  withCondition = true,
}: FieldEditorProps) {
  const set = (patch: Partial<FieldDraft>) => onChange({ ...field, ...patch });
  const errors = (key: string) => messagesAt(problems, `${at}.${key}`);
  const setType = (type: StoredFieldType) =>
    set({
      type,
      options: isChoice(type) ? (field.options ?? []) : undefined,
      currency: type === "money" ? (field.currency ?? "EUR") : undefined,
      // Limits of another kind of type would be refused.
      limits: undefined,
    });
  return (
    <div role="group" aria-label={name} className="grid gap-3 rounded-md border bg-background p-3" data-field-editor={field.id}>
      <div className="flex items-start justify-between gap-2">
        <h4 className="pt-1.5 text-sm font-semibold">
          {name}: {field.label || "untitled"}
        </h4>
        <ItemActions
          name={`field ${field.label || field.id || "untitled"}`}
          first={first}
          last={last}
          onMove={onMove}
          onRemove={onRemove}
        />
      </div>
      <ProblemText problems={problems} at={at} shownElsewhere={SHOWN.map((key) => `${at}.${key}`)} />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Label" error={errors("label")} required>
          <Input
            value={field.label}
            onChange={(event) =>
              set({ label: event.target.value, ...(field.idEdited ? {} : { id: uniqueId(slugId(event.target.value), takenIds) }) })
            }
          />
        </FormField>
        <FormField label="Field id" description="What the agent and exports call it." error={errors("id")} required>
          <Input className="font-mono" value={field.id} onChange={(event) => set({ id: event.target.value, idEdited: true })} />
        </FormField>
        <FormField label="Type" error={errors("type")}>
          {(control) => (
            <NativeSelect {...control} value={field.type} onChange={(event) => setType(event.target.value as StoredFieldType)}>
              {STORED_FIELD_TYPES.map((type) => (
                <option key={type} value={type}>
                  {FIELD_TYPE_LABEL[type]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <label className="flex items-center gap-2 self-end pb-2 text-sm">
          <input type="checkbox" checked={field.required ?? true} onChange={(event) => set({ required: event.target.checked })} />
          Required
        </label>
      </div>
      <FormField label="Hint" description="Shown under the field and read by the agent." error={errors("hint")}>
        <Input value={field.hint ?? ""} onChange={(event) => set({ hint: event.target.value })} />
      </FormField>
      {isChoice(field.type) ? (
        <OptionsEditor options={field.options ?? []} onChange={(options) => set({ options })} error={errors("options")} />
      ) : null}
      {field.type === "money" ? (
        <FormField label="Currency" description="A three-letter code such as EUR." error={errors("currency")} required className="w-40">
          <Input
            value={field.currency ?? ""}
            maxLength={3}
            onChange={(event) => set({ currency: event.target.value.toUpperCase() })}
            className="font-mono uppercase"
          />
        </FormField>
      ) : null}
      <LimitsEditor field={field} at={at} problems={problems} onChange={(limits) => set({ limits })} />
      {withCondition ? (
        <ConditionEditor
          label="this field"
          condition={field.when}
          fields={earlier}
          onChange={(when) => set({ when })}
          error={errors("when")}
        />
      ) : null}
    </div>
  );
}
