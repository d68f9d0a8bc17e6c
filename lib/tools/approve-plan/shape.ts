import { z } from "zod";
import { defineCardShape } from "../shape";

/** A plan whose steps the person approves, edits or rejects one by one. */
export const APPROVE_PLAN = "approve_plan";

/** The longest a step's wording may be (the card's `maxLength`). */
export const PLAN_STEP_MAX = 500;

export const approvePlanProps = z.object({
  title: z.string().trim().min(1).max(200).describe("What the plan is for."),
  steps: z
    .array(z.string().trim().min(1).max(PLAN_STEP_MAX))
    .min(1)
    .max(20)
    .describe("The steps, 1 to 20, each one sentence; the person approves, edits or rejects each."),
});
export const approvePlanAnswer = z.object({
  approved: z.boolean(),
  steps: z.array(z.object({ title: z.string().trim().min(1).max(PLAN_STEP_MAX), decision: z.enum(["approve", "reject"]) })).max(20),
});
export const approvePlan = defineCardShape({ name: APPROVE_PLAN, card: "wait", props: approvePlanProps, answer: approvePlanAnswer });
export type ApprovePlanProps = z.infer<typeof approvePlanProps>;
export type ApprovePlanAnswer = z.infer<typeof approvePlanAnswer>;
