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
  /** Exactly one control (Input, Textarea, SelectTrigger...): it receives id, aria-describedby, aria-invalid. */
  children: React.ReactElement;
}

/**
 * Label + control + description + error, wired for assistive technology:
 * `<FormField label="Email" error={errors.email}><Input name="email" type="email" /></FormField>`.
 */
export function FormField({ label, description, error, required, id, className, children }: FormFieldProps) {
  const generatedId = React.useId();
  const controlId = id ?? generatedId;
  const descriptionId = `${controlId}-description`;
  const errorId = `${controlId}-error`;
  const errors = (Array.isArray(error) ? error : [error]).filter((e): e is string => Boolean(e));
  const invalid = errors.length > 0;
  const describedBy = [description ? descriptionId : null, invalid ? errorId : null].filter(Boolean).join(" ");

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
      <Slot.Root
        id={controlId}
        aria-describedby={describedBy || undefined}
        aria-invalid={invalid || undefined}
        aria-required={required || undefined}
        {...(required ? { required: true } : {})}
      >
        {children}
      </Slot.Root>
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
