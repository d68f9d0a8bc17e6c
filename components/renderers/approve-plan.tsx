"use client";

import { useId, useState } from "react";
import { CheckIcon, ListOrderedIcon, XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { approvePlanProps, PLAN_STEP_MAX, type ApprovePlanAnswer, type ApprovePlanProps } from "@/lib/tools/approve-plan/shape";
import { CardActions, SlotFrame } from "./slot-frame";
import { defineRenderer, type LiveCardProps } from "./types";

type Step = ApprovePlanAnswer["steps"][number];

// The chosen decision is tinted in its colour (contrast as the tinted badges), the other stays plain.
const SELECTED = {
  approve: "border-success/40 bg-success/10 text-success hover:bg-success/15 hover:text-success",
  reject: "border-destructive/40 bg-destructive/10 text-destructive hover:bg-destructive/15 hover:text-destructive",
};

function ApprovePlanCard({ slot, props, answer }: LiveCardProps<ApprovePlanProps>) {
  const id = useId();
  const [steps, setSteps] = useState<Step[]>(() => props.steps.map((title) => ({ title, decision: "approve" })));
  const [error, setError] = useState<string>();
  const change = (index: number, patch: Partial<Step>) => {
    setSteps(steps.map((step, i) => (i === index ? { ...step, ...patch } : step)));
    setError(undefined);
  };
  const approvedCount = steps.filter((step) => step.decision === "approve").length;

  function approve() {
    if (steps.some((step) => !step.title.trim())) return setError("Every step needs a title. Write one or reject the step.");
    if (approvedCount === 0) return setError("Approve at least one step, or reject the whole plan.");
    void answer.resolve({
      approved: true,
      steps: steps.map((step) => ({ ...step, title: step.title.trim() })),
    } satisfies ApprovePlanAnswer);
  }

  return (
    <SlotFrame slot={slot} title={props.title} icon={<ListOrderedIcon />} pending={answer.pending}>
      <p className="text-sm text-muted-foreground">Edit a step&apos;s wording, or reject the steps you do not want.</p>
      <ol className="grid gap-2">
        {steps.map((step, index) => {
          const inputId = `${id}-step-${index}`;
          const rejected = step.decision === "reject";
          return (
            <li key={index} className="flex flex-wrap items-center gap-2 rounded-md border p-2" data-decision={step.decision}>
              <label htmlFor={inputId} className="w-14 shrink-0 text-xs font-medium text-muted-foreground">
                Step {index + 1}
              </label>
              <Input
                id={inputId}
                value={step.title}
                maxLength={PLAN_STEP_MAX}
                onChange={(e) => change(index, { title: e.target.value })}
                disabled={answer.pending || rejected}
                className={rejected ? "min-w-40 flex-1 line-through" : "min-w-40 flex-1"}
              />
              <div role="radiogroup" aria-label={`Decision for step ${index + 1}`} className="flex gap-1">
                <Button
                  type="button"
                  size="sm"
                  role="radio"
                  aria-checked={!rejected}
                  variant="outline"
                  className={rejected ? undefined : SELECTED.approve}
                  onClick={() => change(index, { decision: "approve" })}
                  disabled={answer.pending}
                >
                  <CheckIcon aria-hidden /> Keep
                </Button>
                <Button
                  type="button"
                  size="sm"
                  role="radio"
                  aria-checked={rejected}
                  variant="outline"
                  className={rejected ? SELECTED.reject : undefined}
                  onClick={() => change(index, { decision: "reject" })}
                  disabled={answer.pending}
                >
                  <XIcon aria-hidden /> Reject
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <CardActions>
        <Button onClick={approve} disabled={answer.pending}>
          {answer.pending
            ? "Sending…"
            : approvedCount === steps.length
              ? "Approve plan"
              : `Approve ${approvedCount} of ${steps.length} steps`}
        </Button>
        <Button
          variant="outline"
          onClick={() =>
            answer.resolve({ approved: false, steps: steps.map((step) => ({ ...step, decision: "reject" })) } satisfies ApprovePlanAnswer)
          }
          disabled={answer.pending}
        >
          Reject plan
        </Button>
      </CardActions>
    </SlotFrame>
  );
}

const describe = (value: unknown) => {
  const plan = value as ApprovePlanAnswer | null;
  if (!plan?.approved) return "Plan rejected";
  const kept = plan.steps.filter((step) => step.decision === "approve").length;
  return kept === plan.steps.length ? "Plan approved" : `Plan approved with ${kept} of ${plan.steps.length} steps`;
};

export const approvePlanRenderer = defineRenderer<ApprovePlanProps>({
  label: "Plan approval",
  title: (props) => props.title,
  icon: <ListOrderedIcon />,
  answeredVerb: (value) => ((value as ApprovePlanAnswer | null)?.approved ? "Approved" : "Rejected"),
  propsSchema: approvePlanProps,
  render: (props) => <ApprovePlanCard {...props} />,
  renderResult: ({ value }) => {
    const plan = value as ApprovePlanAnswer | null;
    return (
      <div className="grid gap-2 text-sm">
        <p className="font-medium">{describe(value)}</p>
        <ol className="grid gap-1">
          {(plan?.steps ?? []).map((step, index) => (
            <li key={index} className="flex items-center gap-2">
              {step.decision === "approve" ? (
                <CheckIcon aria-label="Approved" className="size-4 text-success" />
              ) : (
                <XIcon aria-label="Rejected" className="size-4 text-destructive" />
              )}
              <span className={step.decision === "reject" ? "line-through text-muted-foreground" : undefined}>{step.title}</span>
            </li>
          ))}
        </ol>
      </div>
    );
  },
  describe,
});
