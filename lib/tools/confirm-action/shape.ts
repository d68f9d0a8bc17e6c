import { z } from "zod";
import { defineCardShape } from "../shape";

export const CONFIRM_ACTION = "confirm_action";

export const confirmActionProps = z.object({
  title: z.string().trim().min(1).max(200).describe("The action to confirm, short: 'Delete the draft'."),
  message: z.string().max(2000).describe("What will happen if the person confirms, in plain language."),
  confirmLabel: z.string().max(40).optional().describe("The confirm button's label (default 'Confirm')."),
});
export const confirmActionAnswer = z.object({ confirmed: z.boolean() });
export const confirmAction = defineCardShape({
  name: CONFIRM_ACTION,
  card: "wait",
  props: confirmActionProps,
  answer: confirmActionAnswer,
});
export type ConfirmActionProps = z.infer<typeof confirmActionProps>;
export type ConfirmActionAnswer = z.infer<typeof confirmActionAnswer>;
