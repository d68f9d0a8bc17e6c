"use client";

import { PlusIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { allFieldIds, earlierFields, moved, newField, slugId, uniqueId, type FormDraft, type StepDraft } from "@/lib/client/forms/draft";
import { messagesAt } from "@/lib/client/forms/problems";
import type { FormProblem } from "@/lib/client/forms/types";
import { ConditionEditor } from "./condition-editor";
import { FieldEditor } from "./field-editor";
import { ItemActions } from "./item-actions";
import { ProblemText } from "./problem-text";

export interface StepEditorProps {
  draft: FormDraft;
  index: number;
  problems: readonly FormProblem[];
  /** Steps it can move among (the confirmation step stays last). */
  movable: number;
  onChange(step: StepDraft): void;
  onMove(delta: -1 | 1): void;
  onRemove(): void;
}

export function StepEditor({ draft, index, problems, movable, onChange, onMove, onRemove }: StepEditorProps) {
  const step = draft.steps[index];
  const at = `steps[${index}]`;
  const name = `Step ${index + 1}`;
  const set = (patch: Partial<StepDraft>) => onChange({ ...step, ...patch });
  const takenStepIds = new Set(draft.steps.filter((other) => other.key !== step.key).map((other) => other.id));
  const titleAndId = (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField label="Step title" error={messagesAt(problems, `${at}.title`)} required>
        <Input
          value={step.title}
          onChange={(event) =>
            set({ title: event.target.value, ...(step.idEdited ? {} : { id: uniqueId(slugId(event.target.value), takenStepIds) }) })
          }
        />
      </FormField>
      <FormField label="Step id" error={messagesAt(problems, `${at}.id`)} required>
        <Input className="font-mono" value={step.id} onChange={(event) => set({ id: event.target.value, idEdited: true })} />
      </FormField>
    </div>
  );
  if (step.confirmation) {
    return (
      <section role="group" aria-label={`${name} (confirmation)`} className="grid gap-3 rounded-lg border bg-muted/30 p-4">
        <h3 className="font-semibold">
          {name}: {step.title || "Confirm"} <span className="font-normal text-muted-foreground">(confirmation)</span>
        </h3>
        <p className="text-sm text-muted-foreground">
          Shows every answer before the form is submitted. It has no fields and is always last.
        </p>
        <ProblemText problems={problems} at={at} shownElsewhere={[`${at}.title`, `${at}.id`]} />
        {titleAndId}
      </section>
    );
  }
  const setField = (fieldIndex: number, field: StepDraft["fields"][number]) =>
    set({ fields: step.fields.map((current, i) => (i === fieldIndex ? field : current)) });
  return (
    <section role="group" aria-label={name} className="grid gap-4 rounded-lg border bg-muted/30 p-4">
      <div className="flex items-start justify-between gap-2">
        <h3 className="pt-1.5 font-semibold">
          {name}: {step.title || "untitled"}
        </h3>
        <ItemActions
          name={`step ${step.title || index + 1}`}
          first={index === 0}
          last={index >= movable - 1}
          onMove={onMove}
          onRemove={onRemove}
        />
      </div>
      <ProblemText
        problems={problems}
        at={at}
        shownElsewhere={[`${at}.title`, `${at}.id`, `${at}.when`, ...step.fields.map((_, j) => `${at}.fields[${j}]`)]}
      />
      {titleAndId}
      <ConditionEditor
        label="this step"
        condition={step.when}
        fields={earlierFields(draft, index, 0)}
        onChange={(when) => set({ when })}
        error={messagesAt(problems, `${at}.when`)}
      />
      {step.fields.map((field, fieldIndex) => (
        <FieldEditor
          key={field.key}
          field={field}
          at={`${at}.fields[${fieldIndex}]`}
          name={`${name}, field ${fieldIndex + 1}`}
          earlier={earlierFields(draft, index, fieldIndex)}
          takenIds={allFieldIds(draft, field.key)}
          problems={problems}
          first={fieldIndex === 0}
          last={fieldIndex === step.fields.length - 1}
          onChange={(next) => setField(fieldIndex, next)}
          onMove={(delta) => set({ fields: moved(step.fields, fieldIndex, delta) })}
          onRemove={() => set({ fields: step.fields.filter((_, i) => i !== fieldIndex) })}
        />
      ))}
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        onClick={() => set({ fields: [...step.fields, newField(draft)] })}
      >
        <PlusIcon aria-hidden /> Add a field to {name.toLowerCase()}
      </Button>
    </section>
  );
}
