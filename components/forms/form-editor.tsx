"use client";

import { PlusIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import {
  hasConfirmation,
  moved,
  newCheckpoint,
  newStep,
  slugId,
  withConfirmation,
  type FormDraft,
  type StepDraft,
} from "@/lib/client/forms/draft";
import { messagesAt } from "@/lib/client/forms/problems";
import type { FormProblem } from "@/lib/client/forms/types";
import { CheckpointEditor } from "./checkpoint-editor";
import { isNumeric } from "./field-types";
import { ProblemText } from "./problem-text";
import { StepEditor } from "./step-editor";

/**
 * The whole definition as inputs: name, id, description, conduct, steps with their fields, the
 * confirmation step and approvals. Controlled: the builder owns the draft and the problems.
 */
export function FormEditor({
  draft,
  onChange,
  problems,
  keyFixed,
  readOnly = false,
}: {
  draft: FormDraft;
  onChange(draft: FormDraft): void;
  problems: readonly FormProblem[];
  /** A saved form's id is its key: it cannot change. */
  keyFixed: boolean;
  readOnly?: boolean;
}) {
  const confirmation = hasConfirmation(draft);
  const movable = draft.steps.length - (confirmation ? 1 : 0);
  const numericFields = draft.steps.flatMap((step) => step.fields.filter((field) => isNumeric(field.type)));
  const setStep = (index: number, step: StepDraft) => onChange({ ...draft, steps: draft.steps.map((s, i) => (i === index ? step : s)) });
  const addStep = () => {
    const steps = [...draft.steps];
    steps.splice(movable, 0, newStep(draft));
    onChange({ ...draft, steps });
  };
  return (
    <fieldset disabled={readOnly} className="grid min-w-0 gap-8">
      <legend className="sr-only">{readOnly ? "The form's definition (read-only)" : "The form's definition"}</legend>
      <section aria-labelledby="form-basics" className="grid gap-4">
        <h2 id="form-basics" className="text-lg font-semibold">
          Form
        </h2>
        <ProblemText
          problems={problems.filter((problem) => !/^(steps|checkpoints)\[/.test(problem.path))}
          at=""
          shownElsewhere={["id", "name", "description", "conduct"]}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Name" error={messagesAt(problems, "name")} required>
            <Input
              value={draft.name}
              onChange={(event) =>
                onChange({ ...draft, name: event.target.value, ...(draft.idEdited ? {} : { id: slugId(event.target.value) }) })
              }
            />
          </FormField>
          <FormField
            label="Form id"
            description={
              keyFixed ? "The id cannot change once the form is saved." : "Lowercase with dashes; follows the name until you edit it."
            }
            error={messagesAt(problems, "id")}
            required
          >
            <Input
              className="font-mono"
              value={draft.id}
              readOnly={keyFixed}
              onChange={(event) => onChange({ ...draft, id: event.target.value, idEdited: true })}
            />
          </FormField>
        </div>
        <FormField label="Description" description="What the form is for; the agent reads it." error={messagesAt(problems, "description")}>
          <Textarea rows={2} value={draft.description} onChange={(event) => onChange({ ...draft, description: event.target.value })} />
        </FormField>
        <FormField
          label="How the agent should conduct it"
          description="For example: ask one thing at a time, and confirm amounts back."
          error={messagesAt(problems, "conduct")}
        >
          <Textarea rows={2} value={draft.conduct} onChange={(event) => onChange({ ...draft, conduct: event.target.value })} />
        </FormField>
      </section>

      <section aria-labelledby="form-steps" className="grid gap-4">
        <h2 id="form-steps" className="text-lg font-semibold">
          Steps
        </h2>
        <ProblemText problems={problems} at="steps" shownElsewhere={draft.steps.map((_, index) => `steps[${index}]`)} />
        {draft.steps.map((step, index) => (
          <StepEditor
            key={step.key}
            draft={draft}
            index={index}
            problems={problems}
            movable={movable}
            onChange={(next) => setStep(index, next)}
            onMove={(delta) => onChange({ ...draft, steps: moved(draft.steps, index, delta) })}
            onRemove={() => onChange({ ...draft, steps: draft.steps.filter((_, i) => i !== index) })}
          />
        ))}
        <div className="flex flex-wrap items-center gap-4">
          <Button type="button" variant="outline" onClick={addStep}>
            <PlusIcon aria-hidden /> Add a step
          </Button>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={confirmation} onChange={(event) => onChange(withConfirmation(draft, event.target.checked))} />
            End with a confirmation step
          </label>
        </div>
      </section>

      <section aria-labelledby="form-approvals" className="grid gap-4">
        <h2 id="form-approvals" className="text-lg font-semibold">
          Approvals
        </h2>
        <p className="text-sm text-muted-foreground">
          Stop the form until an admin approves, when a number crosses a limit (a claim over 500, say).
        </p>
        <ProblemText problems={problems} at="checkpoints" shownElsewhere={draft.checkpoints.map((_, index) => `checkpoints[${index}]`)} />
        {draft.checkpoints.map((checkpoint, index) => (
          <CheckpointEditor
            key={checkpoint.key}
            checkpoint={checkpoint}
            index={index}
            numericFields={numericFields}
            problems={problems}
            onChange={(next) => onChange({ ...draft, checkpoints: draft.checkpoints.map((c, i) => (i === index ? next : c)) })}
            onRemove={() => onChange({ ...draft, checkpoints: draft.checkpoints.filter((_, i) => i !== index) })}
          />
        ))}
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          disabled={numericFields.length === 0}
          onClick={() => onChange({ ...draft, checkpoints: [...draft.checkpoints, newCheckpoint(draft, numericFields[0].id)] })}
        >
          <PlusIcon aria-hidden /> Add an approval
        </Button>
        {numericFields.length === 0 ? (
          <p className="text-xs text-muted-foreground">Add a number, whole number or money field first.</p>
        ) : null}
      </section>
    </fieldset>
  );
}
