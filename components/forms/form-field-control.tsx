"use client";

import { useState } from "react";
import { NativeSelect } from "@/components/settings/native-select";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import type { FieldInputView } from "@/lib/forms/view";

export interface FieldControlProps {
  id: string;
  input: FieldInputView;
  value: unknown;
  disabled?: boolean;
  describedBy?: string;
  invalid?: boolean;
  /** Called when an edit is done: on change for choices, on blur or Enter for typed values. `undefined` clears the answer. */
  onCommit(value: unknown): void;
}

const asText = (value: unknown) => (value === undefined || value === null ? "" : String(value));

/** A typed value as the field's type wants it: a number for number, integer and money; `undefined` for nothing. */
function parsed(input: FieldInputView, text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  if (input.type === "number" || input.type === "integer" || input.type === "money") {
    const number = Number(trimmed);
    // What does not read as a number is sent as typed, so the form says what is wrong with it.
    return Number.isFinite(number) ? number : trimmed;
  }
  return text;
}

/** The input for one field of a form card, by its `input.type`; labelled by the caller through `id`. */
export function FieldControl({ id, input, value, disabled, describedBy, invalid, onCommit }: FieldControlProps) {
  const aria = { id, disabled, "aria-describedby": describedBy, "aria-invalid": invalid || undefined };
  switch (input.type) {
    case "boolean":
      return (
        <NativeSelect
          {...aria}
          value={value === true ? "true" : value === false ? "false" : ""}
          onChange={(event) => onCommit(event.target.value === "" ? undefined : event.target.value === "true")}
        >
          <option value="">Not answered</option>
          <option value="true">Yes</option>
          <option value="false">No</option>
        </NativeSelect>
      );
    case "select":
      return (
        <NativeSelect {...aria} value={asText(value)} onChange={(event) => onCommit(event.target.value || undefined)}>
          <option value="">Not answered</option>
          {input.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect>
      );
    case "multiselect": {
      const chosen = Array.isArray(value) ? value.map(String) : [];
      const toggle = (option: string, on: boolean) => {
        const next = input.options.filter((candidate) => (candidate === option ? on : chosen.includes(candidate)));
        onCommit(next.length > 0 ? next : undefined);
      };
      return (
        <fieldset {...aria} className="grid gap-1.5" aria-labelledby={`${id}-label`}>
          {input.options.map((option) => (
            <label key={option} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={chosen.includes(option)}
                disabled={disabled}
                onChange={(event) => toggle(option, event.target.checked)}
              />
              {option}
            </label>
          ))}
        </fieldset>
      );
    }
    default:
      return <TypedControl {...{ id, input, value, disabled, describedBy, invalid, onCommit }} />;
  }
}

const HTML_TYPE: Partial<Record<FieldInputView["type"], string>> = {
  email: "email",
  tel: "tel",
  url: "url",
  date: "date",
  number: "number",
  integer: "number",
  money: "number",
};

function TypedControl({ id, input, value, disabled, describedBy, invalid, onCommit }: FieldControlProps) {
  const [text, setText] = useState(asText(value));
  // A new value from outside (the agent, another tab, the saved edit) replaces what is typed here. Not
  // by remounting the input: that would take the keyboard's focus away after Enter.
  const [shown, setShown] = useState(value);
  if (!Object.is(shown, value)) {
    setShown(value);
    setText(asText(value));
  }
  const commit = () => {
    const next = parsed(input, text);
    if (next !== value) onCommit(next);
  };
  const common = {
    id,
    value: text,
    disabled,
    "aria-describedby": describedBy,
    "aria-invalid": invalid || undefined,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setText(event.target.value),
    onBlur: commit,
  };
  if (input.type === "textarea") return <Textarea {...common} rows={3} />;
  const numeric = input.type === "number" || input.type === "integer" || input.type === "money";
  const control = (
    <Input
      {...common}
      type={HTML_TYPE[input.type] ?? "text"}
      inputMode={input.type === "integer" ? "numeric" : numeric ? "decimal" : undefined}
      step={input.type === "integer" ? 1 : numeric ? "any" : undefined}
      min={"min" in input ? input.min : undefined}
      max={"max" in input ? input.max : undefined}
      onKeyDown={(event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          commit();
        }
      }}
    />
  );
  if (input.type !== "money") return control;
  return (
    <div className="flex items-center gap-2">
      {control}
      <span className="text-sm text-muted-foreground">{input.currency}</span>
    </div>
  );
}
