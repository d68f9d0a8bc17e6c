"use client";

import { ListChecksIcon } from "lucide-react";
import { askPreferenceProps, type AskPreferenceAnswer, type AskPreferenceProps } from "@/lib/tools/ask-preference/shape";
import { AnsweredChoices, ChoiceCard } from "./choice-list";
import { defineRenderer } from "./types";

const describe = (value: unknown) => `Chose ${(value as AskPreferenceAnswer | null)?.choice ?? "nothing"}`;

export const askPreferenceRenderer = defineRenderer<AskPreferenceProps>({
  label: "Choice",
  title: (props) => props.question,
  icon: <ListChecksIcon />,
  answeredVerb: "Chosen",
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
  renderResult: ({ props, value }) => {
    const choice = (value as AskPreferenceAnswer | null)?.choice;
    return props ? (
      <AnsweredChoices options={props.options} chosen={choice ? [choice] : []} />
    ) : (
      <p className="text-sm">{describe(value)}</p>
    );
  },
  describe,
});
