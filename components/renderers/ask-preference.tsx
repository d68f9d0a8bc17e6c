"use client";

import { useState } from "react";
import { ListChecksIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { askPreferenceProps, type AskPreferenceAnswer, type AskPreferenceProps } from "@/lib/tools/ask-preference/shape";
import { ChoiceList } from "./choice-list";
import { CardActions, SlotFrame } from "./slot-frame";
import { defineRenderer, type LiveCardProps } from "./types";

const describe = (value: unknown) => `Chose ${(value as AskPreferenceAnswer | null)?.choice ?? "nothing"}`;

function AskPreferenceCard({ slot, props, answer }: LiveCardProps<AskPreferenceProps>) {
  const [choice, setChoice] = useState<string[]>([]);
  return (
    <SlotFrame slot={slot} title={props.question} icon={<ListChecksIcon />} pending={answer.pending}>
      <form
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (choice[0]) void answer.resolve({ choice: choice[0] } satisfies AskPreferenceAnswer);
        }}
      >
        <ChoiceList legend="Choose one" options={props.options} multiple={false} selected={choice} onChange={setChoice} disabled={answer.pending} />
        <CardActions>
          <Button type="submit" disabled={answer.pending || choice.length === 0}>{answer.pending ? "Sending…" : "Choose"}</Button>
        </CardActions>
      </form>
    </SlotFrame>
  );
}

export const askPreferenceRenderer = defineRenderer<AskPreferenceProps>({
  label: "Choice",
  propsSchema: askPreferenceProps,
  render: (props) => <AskPreferenceCard {...props} />,
  renderResult: ({ value }) => <p className="text-sm font-medium">{describe(value)}</p>,
  describe,
});
