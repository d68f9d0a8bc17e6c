"use client";

import { useState } from "react";
import { ListTodoIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { suggestOptionsProps, type SuggestOptionsAnswer, type SuggestOptionsProps } from "@/lib/tools/suggest-options/shape";
import { ChoiceList } from "./choice-list";
import { CardActions, SlotFrame } from "./slot-frame";
import { defineRenderer, type LiveCardProps } from "./types";

const describe = (value: unknown) => `Picked ${(value as SuggestOptionsAnswer | null)?.choices?.join(", ") || "nothing"}`;

function SuggestOptionsCard({ slot, props, answer }: LiveCardProps<SuggestOptionsProps>) {
  const [choices, setChoices] = useState<string[]>([]);
  return (
    <SlotFrame slot={slot} title={props.question} icon={<ListTodoIcon />} pending={answer.pending}>
      <form
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (choices.length > 0) void answer.resolve({ choices } satisfies SuggestOptionsAnswer);
        }}
      >
        <ChoiceList
          legend={props.multiple ? "Pick as many as you like" : "Pick one"}
          options={props.options}
          multiple={props.multiple}
          selected={choices}
          onChange={setChoices}
          disabled={answer.pending}
        />
        <CardActions>
          <Button type="submit" disabled={answer.pending || choices.length === 0}>
            {answer.pending ? "Sending…" : choices.length > 1 ? `Send ${choices.length} choices` : "Send"}
          </Button>
        </CardActions>
      </form>
    </SlotFrame>
  );
}

export const suggestOptionsRenderer = defineRenderer<SuggestOptionsProps>({
  label: "Options",
  propsSchema: suggestOptionsProps,
  render: (props) => <SuggestOptionsCard {...props} />,
  renderResult: ({ value }) => <p className="text-sm font-medium">{describe(value)}</p>,
  describe,
});
