"use client";

import { ListChecksIcon } from "lucide-react";
import { askPreferenceProps, type AskPreferenceAnswer, type AskPreferenceProps } from "@/lib/tools/ask-preference/shape";
import { ChoiceCard } from "./choice-list";
import { defineRenderer } from "./types";

const describe = (value: unknown) => `Chose ${(value as AskPreferenceAnswer | null)?.choice ?? "nothing"}`;

export const askPreferenceRenderer = defineRenderer<AskPreferenceProps>({
  label: "Choice",
  propsSchema: askPreferenceProps,
  render: ({ slot, props, answer }) => (
    <ChoiceCard
      slot={slot}
      question={props.question}
      icon={<ListChecksIcon />}
      options={props.options}
      multiple={false}
      legend="Choose one"
      answer={answer}
      submitLabel={() => "Choose"}
      onChoose={([choice]) => void answer.resolve({ choice } satisfies AskPreferenceAnswer)}
    />
  ),
  renderResult: ({ value }) => <p className="text-sm font-medium">{describe(value)}</p>,
  describe,
});
