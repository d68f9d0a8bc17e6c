"use client";

import { NativeSelect } from "@/components/settings/native-select";
import { Input } from "@/components/ui/input";
import type { FieldDraft } from "@/lib/client/forms/draft";
import type { StoredCondition } from "@/lib/forms/stored-form";
import { isChoice, isNumeric } from "./field-types";

type Op = StoredCondition["op"];

const OP_LABEL: Record<Op, string> = {
  is: "is",
  is_not: "is not",
  is_one_of: "is one of",
  gt: ">",
  gte: ">=",
  lt: "<",
  lte: "<=",
  is_set: "is answered",
  is_not_set: "is not answered",
};

/** The comparisons a field's type allows: "is / is not / is one of" for all, the order comparisons for numbers. */
function opsFor(field: FieldDraft | undefined): Op[] {
  const base: Op[] = ["is", "is_not", "is_one_of"];
  if (field && isNumeric(field.type)) base.push("gt", "gte", "lt", "lte");
  return [...base, "is_set", "is_not_set"];
}

type Scalar = string | number | boolean;

/** A value of the right kind for the field: its first option, false for yes/no, 0 for numbers. */
function defaultValue(field: FieldDraft | undefined): Scalar {
  if (!field) return "";
  if (isChoice(field.type)) return field.options?.[0] ?? "";
  if (field.type === "yes_no") return true;
  if (isNumeric(field.type)) return 0;
  return "";
}

export function conditionFor(field: FieldDraft | undefined, op: Op = "is"): StoredCondition {
  const id = field?.id ?? "";
  if (op === "is_set" || op === "is_not_set") return { field: id, op };
  if (op === "gt" || op === "gte" || op === "lt" || op === "lte") return { field: id, op, value: 0 };
  if (op === "is_one_of") return { field: id, op, value: [defaultValue(field)] };
  return { field: id, op, value: defaultValue(field) };
}

/** "Show when [earlier field] [is / is not / is one of ...] [value]"; `fields` are the ones before this place. */
export function ConditionEditor({
  label,
  condition,
  fields,
  onChange,
  error,
}: {
  /** What is conditional, for the controls' names: "this step", "this field". */
  label: string;
  condition: StoredCondition | undefined;
  fields: FieldDraft[];
  onChange(condition: StoredCondition | undefined): void;
  error?: string[];
}) {
  const field = fields.find((candidate) => candidate.id === condition?.field);
  return (
    <div className="grid gap-2 rounded-md border border-dashed p-2">
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={condition !== undefined}
          disabled={fields.length === 0 && condition === undefined}
          onChange={(event) => onChange(event.target.checked ? conditionFor(fields.at(-1)) : undefined)}
        />
        Show {label} only when…
      </label>
      {fields.length === 0 && condition === undefined ? (
        <p className="text-xs text-muted-foreground">Add a field before it to make it conditional.</p>
      ) : null}
      {condition ? (
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label={`Condition for ${label}`}>
          <NativeSelect
            aria-label={`Field the condition for ${label} looks at`}
            value={condition.field}
            onChange={(event) =>
              onChange(
                conditionFor(
                  fields.find((candidate) => candidate.id === event.target.value),
                  "is",
                ),
              )
            }
          >
            {field ? null : <option value={condition.field}>{condition.field || "Choose a field"}</option>}
            {fields.map((candidate) => (
              <option key={candidate.key} value={candidate.id}>
                {candidate.label || candidate.id || "Untitled field"}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect
            aria-label={`Comparison of the condition for ${label}`}
            value={condition.op}
            onChange={(event) => onChange(conditionFor(field, event.target.value as Op))}
          >
            {opsFor(field).map((op) => (
              <option key={op} value={op}>
                {OP_LABEL[op]}
              </option>
            ))}
          </NativeSelect>
          {"value" in condition ? <ConditionValue label={label} condition={condition} field={field} onChange={onChange} /> : null}
        </div>
      ) : null}
      {error && error.length > 0 ? <p className="text-sm font-medium text-destructive">{error.join(" ")}</p> : null}
    </div>
  );
}

function ConditionValue({
  label,
  condition,
  field,
  onChange,
}: {
  label: string;
  condition: Extract<StoredCondition, { value: unknown }>;
  field: FieldDraft | undefined;
  onChange(condition: StoredCondition): void;
}) {
  const name = `Value of the condition for ${label}`;
  const options = field && isChoice(field.type) ? (field.options ?? []) : null;
  if (condition.op === "is_one_of") {
    const chosen = condition.value;
    if (options && options.length > 0) {
      return (
        <fieldset className="flex flex-wrap gap-3" aria-label={name}>
          {options.map((option) => (
            <label key={option} className="flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                checked={chosen.includes(option)}
                onChange={(event) =>
                  onChange({ ...condition, value: options.filter((o) => (o === option ? event.target.checked : chosen.includes(o))) })
                }
              />
              {option}
            </label>
          ))}
        </fieldset>
      );
    }
    return (
      <Input
        aria-label={`${name}, separated by commas`}
        className="w-56"
        value={chosen.join(", ")}
        onChange={(event) => onChange({ ...condition, value: event.target.value.split(",").map((part) => part.trim()) })}
      />
    );
  }
  if (options && options.length > 0) {
    return (
      <NativeSelect
        aria-label={name}
        value={String(condition.value)}
        onChange={(event) => onChange({ ...condition, value: event.target.value } as StoredCondition)}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </NativeSelect>
    );
  }
  if (field?.type === "yes_no" && (condition.op === "is" || condition.op === "is_not")) {
    return (
      <NativeSelect
        aria-label={name}
        value={String(condition.value)}
        onChange={(event) => onChange({ ...condition, value: event.target.value === "true" })}
      >
        <option value="true">Yes</option>
        <option value="false">No</option>
      </NativeSelect>
    );
  }
  if ((field && isNumeric(field.type)) || typeof condition.value === "number") {
    return (
      <Input
        type="number"
        aria-label={name}
        className="w-32"
        value={String(condition.value)}
        onChange={(event) => onChange({ ...condition, value: event.target.valueAsNumber || 0 } as StoredCondition)}
      />
    );
  }
  return (
    <Input
      aria-label={name}
      className="w-56"
      value={String(condition.value)}
      onChange={(event) => onChange({ ...condition, value: event.target.value } as StoredCondition)}
    />
  );
}
