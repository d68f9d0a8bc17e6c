"use client";

import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import type { FieldDraft } from "@/lib/client/forms/draft";
import { messagesAt } from "@/lib/client/forms/problems";
import type { FormProblem } from "@/lib/client/forms/types";
import type { StoredField } from "@/lib/forms/stored-form";
import { isNumeric, isTextual } from "./field-types";

type Limits = NonNullable<StoredField["limits"]>;
type NumberLimit = "min" | "max" | "minLength" | "maxLength" | "minItems" | "maxItems";

const LABEL: Record<NumberLimit, string> = {
  min: "Minimum",
  max: "Maximum",
  minLength: "Minimum length",
  maxLength: "Maximum length",
  minItems: "Minimum choices",
  maxItems: "Maximum choices",
};

/** The limits a field's type takes: min/max for numbers, lengths and a pattern for text, item counts for several-of. */
export function LimitsEditor({
  field,
  at,
  problems,
  onChange,
}: {
  field: FieldDraft;
  /** The field's path (`steps[0].fields[1]`). */
  at: string;
  problems: readonly FormProblem[];
  onChange(limits: Limits | undefined): void;
}) {
  const limits = field.limits ?? {};
  const set = (patch: Partial<Limits>) => {
    const next = Object.fromEntries(Object.entries({ ...limits, ...patch }).filter(([, value]) => value !== undefined && value !== ""));
    onChange(Object.keys(next).length > 0 ? next : undefined);
  };
  const number = (key: NumberLimit) => (
    <FormField key={key} label={LABEL[key]} error={messagesAt(problems, `${at}.limits.${key}`)} className="w-36">
      <Input
        type="number"
        value={limits[key] ?? ""}
        onChange={(event) => set({ [key]: event.target.value === "" ? undefined : event.target.valueAsNumber })}
      />
    </FormField>
  );
  const keys: NumberLimit[] = isNumeric(field.type)
    ? ["min", "max"]
    : isTextual(field.type)
      ? ["minLength", "maxLength"]
      : field.type === "several_of"
        ? ["minItems", "maxItems"]
        : [];
  if (keys.length === 0) return null;
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-3">{keys.map(number)}</div>
      {isTextual(field.type) ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            label="Pattern"
            description="A regular expression the answer must match."
            error={messagesAt(problems, `${at}.limits.pattern`)}
          >
            <Input
              value={limits.pattern ?? ""}
              onChange={(event) => set({ pattern: event.target.value || undefined })}
              className="font-mono"
            />
          </FormField>
          <FormField
            label="When the pattern does not match, say"
            description="For example: Use the format AB-1234."
            error={messagesAt(problems, `${at}.limits.patternMessage`)}
          >
            <Input value={limits.patternMessage ?? ""} onChange={(event) => set({ patternMessage: event.target.value || undefined })} />
          </FormField>
        </div>
      ) : null}
    </div>
  );
}
