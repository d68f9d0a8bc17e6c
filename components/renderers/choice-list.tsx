"use client";

import { useId, useState, type ReactNode } from "react";
import { CheckIcon } from "lucide-react";
import { cn } from "@/lib/utils";
import type { SlotRecord } from "@/lib/agent/store-adapter";
import { CardForm } from "./card-form";
import { SlotFrame } from "./slot-frame";
import type { CardAnswer } from "./types";

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
          <label
            key={option}
            className="flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
          >
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

/** A question answered by picking among options: one (radios) or several (checkboxes). */
export function ChoiceCard({
  slot,
  question,
  icon,
  options,
  multiple,
  legend,
  answer,
  submitLabel,
  onChoose,
}: {
  slot: SlotRecord;
  question: string;
  icon: ReactNode;
  options: string[];
  multiple: boolean;
  legend: string;
  answer: CardAnswer;
  submitLabel: (count: number) => string;
  /** Called with at least one choice. */
  onChoose: (choices: string[]) => void;
}) {
  const [choices, setChoices] = useState<string[]>([]);
  return (
    <SlotFrame slot={slot} title={question} icon={icon} pending={answer.pending}>
      <CardForm
        onSubmit={() => onChoose(choices)}
        pending={answer.pending}
        canSubmit={choices.length > 0}
        submitLabel={submitLabel(choices.length)}
      >
        <ChoiceList
          legend={legend}
          options={options}
          multiple={multiple}
          selected={choices}
          onChange={setChoices}
          disabled={answer.pending}
        />
      </CardForm>
    </SlotFrame>
  );
}

/** An answered choice in context: every option, the chosen ones marked, the others dimmed. */
export function AnsweredChoices({ options, chosen }: { options: string[]; chosen: readonly string[] }) {
  return (
    <ul className="grid gap-2" aria-label="Options">
      {options.map((option) => {
        const picked = chosen.includes(option);
        return (
          <li
            key={option}
            data-chosen={picked || undefined}
            className={cn(
              "flex items-center gap-2 rounded-md border px-3 py-2 text-sm",
              picked ? "border-primary bg-primary/5 font-medium" : "text-muted-foreground",
            )}
          >
            {picked ? <CheckIcon aria-hidden className="size-4 shrink-0 text-primary" /> : <span aria-hidden className="size-4 shrink-0" />}
            {option}
            {picked ? <span className="sr-only"> (chosen)</span> : null}
          </li>
        );
      })}
    </ul>
  );
}
