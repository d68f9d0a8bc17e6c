"use client";

import { SendIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formConfirmProps, type FormConfirmAnswer, type FormConfirmProps } from "@/lib/tools/forms/shape";
import { FormValueList } from "./form-value-list";
import { CardActions, SlotFrame } from "./slot-frame";
import { defineRenderer } from "./types";

/** "Not yet" declines the card: the tool tells the model the form was not submitted. */
const NOT_YET = "Not yet: the person wants to change something first.";

const describe = (value: unknown) => ((value as FormConfirmAnswer | null)?.confirm ? "Submitted" : "Not submitted");

export const formConfirmRenderer = defineRenderer<FormConfirmProps>({
  label: "Submit the form",
  title: (props) => `Submit ${props.formName}?`,
  icon: <SendIcon />,
  propsSchema: formConfirmProps,
  render: ({ slot, props, answer }) => (
    <SlotFrame slot={slot} title={`Submit ${props.formName}?`} icon={<SendIcon />} pending={answer.pending}>
      <p className="text-sm text-muted-foreground">These answers will be stored exactly as shown.</p>
      <FormValueList values={props.values} />
      <CardActions>
        <Button onClick={() => answer.resolve({ confirm: true } satisfies FormConfirmAnswer)} disabled={answer.pending}>
          Confirm
        </Button>
        <Button variant="outline" onClick={() => answer.reject(NOT_YET)} disabled={answer.pending}>
          Not yet
        </Button>
      </CardActions>
    </SlotFrame>
  ),
  renderResult: ({ props, value }) => (
    <div className="grid gap-2 text-sm">
      {props ? <FormValueList values={props.values} /> : null}
      <p className="font-medium">{describe(value)}</p>
    </div>
  ),
  describe,
});
