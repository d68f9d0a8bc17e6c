"use client";

import { useId } from "react";

/**
 * Options as native radio buttons or checkboxes in a fieldset: arrow keys move between radios,
 * Space toggles a checkbox, and the legend names the group for screen readers.
 */
export function ChoiceList({
  legend,
  options,
  multiple,
  selected,
  onChange,
  disabled,
}: {
  legend: string;
  options: string[];
  multiple: boolean;
  selected: string[];
  onChange: (selected: string[]) => void;
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-1 text-sm">{legend}</legend>
      {options.map((option) => {
        const checked = selected.includes(option);
        return (
          <label key={option} className="flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5">
            <input
              type={multiple ? "checkbox" : "radio"}
              name={name}
              value={option}
              checked={checked}
              onChange={() => onChange(multiple ? (checked ? selected.filter((s) => s !== option) : [...selected, option]) : [option])}
              className="accent-[hsl(var(--primary))]"
            />
            {option}
          </label>
        );
      })}
    </fieldset>
  );
}
