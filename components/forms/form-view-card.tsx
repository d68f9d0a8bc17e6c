"use client";

import { useId, type ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import type { FormFieldView, FormStepView, FormView } from "@/lib/forms/view";
import { cn } from "@/lib/utils";
import { FieldControl } from "./form-field-control";

export interface FormViewCardProps {
  view: FormView;
  /** Draws an input per field (the person types into the card); otherwise the answers are shown as text. */
  editable?: boolean;
  onEditField?(fieldId: string, value: unknown): void;
  /** An edit is on its way: inputs are disabled until it is settled. */
  pending?: boolean;
  footer?: ReactNode;
  /** Who gave an answer, in the viewer's words (the chat's card says "by you"); the defaults otherwise. */
  byText?: Partial<Record<NonNullable<FormFieldView["by"]>, string>>;
}

const STATUS_TEXT: Record<FormView["status"], string> = {
  open: "Open",
  awaiting: "Waiting for approval",
  completed: "Complete",
  submitted: "Submitted",
  terminated: "Closed",
  abandoned: "Abandoned",
};

const STEP_STATE_TEXT: Record<FormStepView["state"], string> = {
  done: "Done",
  current: "Current step",
  pending: "Later",
  revisiting: "Revisiting",
  skipped: "Not applicable",
};

const BY_TEXT: Record<NonNullable<FormFieldView["by"]>, string> = {
  agent: "by the agent",
  person: "by a person",
  api: "through the API",
  executor: "by the form",
};

/**
 * A form as a person sees it: steps with their state, fields with label, hint, type, answer and
 * error, what is missing and the status. Pure: it draws a `FormView` (the chat's live card and the
 * builder's preview share it) and reports edits through `onEditField`; it knows nothing of either.
 */
export function FormViewCard({ view, editable = false, onEditField, pending = false, footer, byText }: FormViewCardProps) {
  const headingId = useId();
  const by = byText ? { ...BY_TEXT, ...byText } : BY_TEXT;
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-4 rounded-lg border bg-card p-4 text-card-foreground shadow-sm"
      data-form-card={view.formId}
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold">
          {view.name || "Untitled form"}
        </h3>
        <Badge variant={view.status === "awaiting" ? "warning" : view.complete ? "success" : "secondary"}>{STATUS_TEXT[view.status]}</Badge>
      </header>
      {view.awaiting ? <p className="text-sm text-warning">Waiting for a decision: {view.awaiting.title}</p> : null}
      {view.terminatedReason ? <p className="text-sm text-muted-foreground">Closed: {view.terminatedReason}</p> : null}
      <ol className="grid gap-4">
        {view.steps.map((step, index) => (
          <StepView
            key={step.id || index}
            step={step}
            number={index + 1}
            editable={editable}
            pending={pending}
            onEditField={onEditField}
            by={by}
          />
        ))}
      </ol>
      {view.failures.length > 0 ? (
        <ul className="grid gap-1 text-sm text-destructive">
          {view.failures.map((failure) => (
            <li key={failure.key}>{failure.message}</li>
          ))}
        </ul>
      ) : null}
      <p className="text-sm text-muted-foreground">
        {view.missing.length > 0 ? `Still needed: ${view.missing.join(", ")}` : "Everything required is answered."}
      </p>
      {footer}
    </section>
  );
}

function StepView({
  step,
  number,
  editable,
  pending,
  onEditField,
  by,
}: {
  step: FormStepView;
  number: number;
  editable: boolean;
  pending: boolean;
  onEditField?: FormViewCardProps["onEditField"];
  by: typeof BY_TEXT;
}) {
  return (
    <li
      aria-current={step.state === "current" ? "step" : undefined}
      className={cn("grid gap-3 rounded-md border p-3", step.state === "current" && "border-primary/50", !step.applicable && "opacity-70")}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-semibold">
          {number}. {step.title || "Untitled step"}
        </h4>
        <Badge variant="outline">{STEP_STATE_TEXT[step.state]}</Badge>
      </div>
      {step.preview ? <p className="text-sm text-muted-foreground">Shows every answer for a final check before submitting.</p> : null}
      {step.fields.length > 0 ? (
        <ul className="grid gap-3">
          {step.fields.map((field) => (
            <FieldView
              key={field.id}
              field={field}
              editable={editable && step.applicable}
              pending={pending}
              onEditField={onEditField}
              by={by}
            />
          ))}
        </ul>
      ) : !step.preview ? (
        <p className="text-sm text-muted-foreground">No fields yet.</p>
      ) : null}
    </li>
  );
}

function answerText(value: unknown): string {
  if (value === undefined || value === null || value === "") return "Not answered";
  if (value === true) return "Yes";
  if (value === false) return "No";
  if (Array.isArray(value)) return value.map(String).join(", ");
  return String(value);
}

function FieldView({
  field,
  editable,
  pending,
  onEditField,
  by,
}: {
  field: FormFieldView;
  editable: boolean;
  pending: boolean;
  onEditField?: FormViewCardProps["onEditField"];
  by: typeof BY_TEXT;
}) {
  const id = useId();
  const detailsId = `${id}-details`;
  const errorId = `${id}-error`;
  const canEdit = editable && field.applicable && onEditField !== undefined;
  const label = (
    <>
      {field.label || "Untitled field"}
      {field.required ? (
        <>
          <span aria-hidden className="ml-0.5 text-destructive">
            *
          </span>
          <span className="sr-only"> (required)</span>
        </>
      ) : (
        <span className="ml-1 font-normal text-muted-foreground">(optional)</span>
      )}
    </>
  );
  return (
    <li className={cn("grid gap-1", !field.applicable && "text-muted-foreground")} data-field={field.id}>
      {canEdit && field.input.type === "multiselect" ? (
        <span id={`${id}-label`} className="text-sm font-medium">
          {label}
        </span>
      ) : canEdit ? (
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
      ) : (
        <span className="text-sm font-medium">{label}</span>
      )}
      <p id={detailsId} className="text-xs text-muted-foreground">
        {field.typeText}
        {field.hint ? ` · ${field.hint}` : ""}
        {!field.applicable ? " · not applicable yet" : ""}
        {/* Read-only answers say who gave them beside the value; an input says it here. */}
        {canEdit && field.by && field.value !== undefined ? ` · answered ${by[field.by]}` : ""}
      </p>
      {canEdit ? (
        <FieldControl
          id={id}
          input={field.input}
          value={field.value}
          disabled={pending}
          describedBy={field.error ? `${detailsId} ${errorId}` : detailsId}
          invalid={Boolean(field.error)}
          onCommit={(value) => onEditField(field.id, value)}
        />
      ) : field.applicable || field.value !== undefined ? (
        <p className="text-sm">
          {answerText(field.value)}
          {field.held ? (
            <Badge variant="outline" className="ml-2">
              Held until it applies
            </Badge>
          ) : null}
          {field.by && field.value !== undefined ? <span className="ml-2 text-xs text-muted-foreground">{by[field.by]}</span> : null}
        </p>
      ) : null}
      {field.error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {field.error}
        </p>
      ) : null}
    </li>
  );
}
