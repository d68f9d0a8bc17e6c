"use client";

import { CircleHelpIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { confirmActionProps, type ConfirmActionAnswer, type ConfirmActionProps } from "@/lib/tools/confirm-action/shape";
import { CardActions, SlotFrame } from "./slot-frame";
import { defineRenderer } from "./types";

const describe = (value: unknown) => ((value as ConfirmActionAnswer | null)?.confirmed ? "Confirmed" : "Cancelled");

export const confirmActionRenderer = defineRenderer<ConfirmActionProps>({
  label: "Confirmation",
  title: (props) => props.title,
  icon: <CircleHelpIcon />,
  propsSchema: confirmActionProps,
  render: ({ slot, props, answer }) => (
    <SlotFrame slot={slot} title={props.title} icon={<CircleHelpIcon />} pending={answer.pending}>
      <p className="text-sm whitespace-pre-wrap">{props.message}</p>
      <CardActions>
        <Button onClick={() => answer.resolve({ confirmed: true } satisfies ConfirmActionAnswer)} disabled={answer.pending}>
          {props.confirmLabel || "Confirm"}
        </Button>
        <Button
          variant="outline"
          onClick={() => answer.resolve({ confirmed: false } satisfies ConfirmActionAnswer)}
          disabled={answer.pending}
        >
          Cancel
        </Button>
      </CardActions>
    </SlotFrame>
  ),
  renderResult: ({ props, value }) => (
    <div className="grid gap-1 text-sm">
      {props ? <p className="whitespace-pre-wrap">{props.message}</p> : null}
      <p className="font-medium">{describe(value)}</p>
    </div>
  ),
  describe,
});
