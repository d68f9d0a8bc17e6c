"use client";

import { ListTodoIcon } from "lucide-react";
import { suggestOptionsProps, type SuggestOptionsAnswer, type SuggestOptionsProps } from "@/lib/tools/suggest-options/shape";
import { AnsweredChoices, ChoiceCard } from "./choice-list";
import { defineRenderer } from "./types";

const describe = (value: unknown) => `Picked ${(value as SuggestOptionsAnswer | null)?.choices?.join(", ") || "nothing"}`;

export const suggestOptionsRenderer = defineRenderer<SuggestOptionsProps>({
  label: "Options",
  title: (props) => props.question,
  icon: <ListTodoIcon />,
  answeredVerb: "Picked",
  propsSchema: suggestOptionsProps,
  render: ({ slot, props, answer }) => (
    <ChoiceCard
      slot={slot}
      question={props.question}
      icon={<ListTodoIcon />}
      options={props.options}
      multiple={props.multiple}
      legend={props.multiple ? "Pick as many as you like" : "Pick one"}
      answer={answer}
      submitLabel={(count) => (count > 1 ? `Send ${count} choices` : "Send")}
      onChoose={(choices) => void answer.resolve({ choices } satisfies SuggestOptionsAnswer)}
    />
  ),
  renderResult: ({ props, value }) => {
    const choices = (value as SuggestOptionsAnswer | null)?.choices ?? [];
    return props ? <AnsweredChoices options={props.options} chosen={choices} /> : <p className="text-sm">{describe(value)}</p>;
  },
  describe,
});
