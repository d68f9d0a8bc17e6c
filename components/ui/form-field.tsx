"use client";

import * as React from "react";
import { Slot } from "radix-ui";
import { cn } from "@/lib/utils";
import { Label } from "@/components/ui/label";

export interface FormFieldProps {
  /** The visible label, tied to the control with htmlFor/id. */
  label: React.ReactNode;
  /** Help text under the control; read by screen readers with the control. */
  description?: React.ReactNode;
  /** What is wrong and how to fix it. Any value marks the control aria-invalid. */
  error?: string | string[] | null;
  /** Marks the label with an asterisk and the control `required`. */
  required?: boolean;
  /** The control's id; generated when omitted. */
  id?: string;
  className?: string;
  /**
   * Either exactly one control element (Input, Textarea), which receives the props below, or a function
   * that places them on a control nested deeper: `{(control) => <Select><SelectTrigger {...control}>…`.
   */
  children: React.ReactElement | ((control: FormControlProps) => React.ReactNode);
}

/** What ties a control to its label, description and error. */
export interface FormControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  "aria-required"?: true;
}

/**
 * Label + control + description + error, wired for assistive technology:
 * `<FormField label="Email" error={errors.email} required><Input name="email" type="email" /></FormField>`.
 * Give the id to FormField, not to the control (the control's own id would win and break the label).
 */
export function FormField({ label, description, error, required, id, className, children }: FormFieldProps) {
  const generatedId = React.useId();
  const controlId = id ?? generatedId;
  const descriptionId = `${controlId}-description`;
  const errorId = `${controlId}-error`;
  const errors = (Array.isArray(error) ? error : [error]).filter((e): e is string => Boolean(e));
  const invalid = errors.length > 0;
  const describedBy = [description ? descriptionId : null, invalid ? errorId : null].filter(Boolean).join(" ");
  const control: FormControlProps = {
    id: controlId,
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
    ...(invalid ? { "aria-invalid": true } : {}),
    ...(required ? { "aria-required": true } : {}),
  };

  return (
    <div className={cn("grid gap-2", className)}>
      <Label htmlFor={controlId}>
        {label}
        {required && (
          <span aria-hidden className="ml-0.5 text-destructive">
            *
          </span>
        )}
      </Label>
      {typeof children === "function" ? (
        children(control)
      ) : (
        // `required` too, so the browser's own validation applies to plain inputs.
        <Slot.Root {...control} {...(required ? { required: true } : {})}>
          {children}
        </Slot.Root>
      )}
      {description && (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      )}
      {invalid && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {errors.join(" ")}
        </p>
      )}
    </div>
  );
}
