"use client";

import { useId, useState } from "react";
import { ShieldCheckIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { formApprovalProps, type FormApprovalAnswer, type FormApprovalProps } from "@/lib/tools/forms/shape";
import { FormValueList } from "./form-value-list";
import { CardActions, SlotFrame } from "./slot-frame";
import { defineRenderer, type LiveCardProps } from "./types";

const NOTE_MAX = 2000;

function describe(value: unknown): string {
  const answer = value as FormApprovalAnswer | null;
  const verdict = answer?.approved ? "Approved" : "Rejected";
  return answer?.note ? `${verdict}: ${answer.note}` : verdict;
}

/**
 * A form's checkpoint that needs a decision. When the approver must be an admin, a member sees the
 * request and that it waits, with no buttons: the server refuses a member's answer (403) anyway.
 */
function ApprovalCard({ slot, props, answer, canAdmin }: LiveCardProps<FormApprovalProps>) {
  const noteId = useId();
  const [note, setNote] = useState("");
  const mayDecide = props.approverRole === "member" || canAdmin;
  const decide = (approved: boolean) => {
    const trimmed = note.trim();
    void answer.resolve({ approved, ...(trimmed ? { note: trimmed } : {}) } satisfies FormApprovalAnswer);
  };
  return (
    <SlotFrame slot={slot} title={props.title} icon={<ShieldCheckIcon />} pending={answer.pending}>
      <p className="text-sm text-muted-foreground">{props.formName}</p>
      {props.body ? <p className="text-sm whitespace-pre-wrap">{props.body}</p> : null}
      <FormValueList values={props.values} />
      {mayDecide ? (
        <>
          <div className="grid gap-1.5">
            <Label htmlFor={noteId}>Note (optional)</Label>
            <Textarea
              id={noteId}
              rows={2}
              maxLength={NOTE_MAX}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              disabled={answer.pending}
            />
          </div>
          <CardActions>
            <Button onClick={() => decide(true)} disabled={answer.pending}>
              Approve
            </Button>
            <Button variant="outline" onClick={() => decide(false)} disabled={answer.pending}>
              Reject
            </Button>
          </CardActions>
        </>
      ) : (
        <p className="text-sm font-medium">Waiting for an admin&apos;s approval.</p>
      )}
    </SlotFrame>
  );
}

export const formApprovalRenderer = defineRenderer<FormApprovalProps>({
  label: "Approval",
  title: (props) => props.title,
  icon: <ShieldCheckIcon />,
  answeredVerb: (value) => ((value as FormApprovalAnswer | null)?.approved ? "Approved" : "Rejected"),
  propsSchema: formApprovalProps,
  render: (props) => <ApprovalCard {...props} />,
  renderResult: ({ props, value }) => (
    <div className="grid gap-2 text-sm">
      {props ? <p className="text-muted-foreground">{props.formName}</p> : null}
      {props ? <FormValueList values={props.values} /> : null}
      <p className="font-medium">{describe(value)}</p>
    </div>
  ),
  describe,
});
