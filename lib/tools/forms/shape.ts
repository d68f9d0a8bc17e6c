import { z } from "zod";
import { formViewSchema } from "@/lib/forms/view";

/**
 * The conversational form tools' shapes, shared by the server half (server.ts) and the cards
 * (components/renderers): tool names, the models' input schemas, the three cards' props and answers,
 * and the data a write answers with. Zod only: the browser bundles it.
 */

export const FORM_TOOL_NAMES = {
  list: "glove_form_list",
  start: "glove_form_start",
  status: "glove_form_status",
  inspect: "glove_form_inspect",
  fill: "glove_form_fill",
  revise: "glove_form_revise",
  abandon: "glove_form_abandon",
  history: "glove_form_history",
  submit: "glove_form_submit",
} as const;

/** The slot renderers the form tools push. */
export const FORM_CARD = "form_card";
export const FORM_CONFIRM = "form_confirm";
export const FORM_APPROVAL = "form_approval";

const instanceId = z
  .string()
  .min(1)
  .max(100)
  .optional()
  .describe("The form instance (its id, or the #prefix of the context line). Leave out for the conversation's one open form.");
const fieldValues = z
  .record(z.string().max(200), z.unknown())
  .describe(
    "Answers by field: keys may be field ids or labels (matched loosely: 'Mode of travel', 'mode', 'mode_of_travel'). " +
      "Values as JSON: numbers as numbers, yes/no as true/false, lists as arrays.",
  );

export const formListInput = z.object({}).describe("No input.");
export const formStartInput = z.object({
  form: z.string().min(1).max(200).describe("The form to start: its id or its name ('expense claim')."),
  values: fieldValues.optional().describe("Answers the person already gave, filled at once (same rules as glove_form_fill)."),
});
export const formStatusInput = z.object({ instance_id: instanceId });
export const formInspectInput = z.object({
  instance_id: instanceId,
  step: z.string().max(200).optional().describe("A step id or title: its fields, with type text and values."),
  field: z.string().max(200).optional().describe("A field id or label: its details and how often it was changed."),
});
export const formFillInput = z.object({
  instance_id: instanceId,
  values: fieldValues,
  override: z
    .boolean()
    .optional()
    .describe("Replace values the person typed into the card. Only when the person asked for that change in the conversation."),
});
export const formReviseInput = z.object({
  instance_id: instanceId,
  field: z.string().min(1).max(200).describe("The field id or label to revise."),
  action: z
    .enum(["set", "retract", "undo", "redo"])
    .describe("set: a new value; retract: clear the answer; undo / redo: step through the field's earlier answers."),
  value: z.unknown().optional().describe("The new value, for set."),
  override: z.boolean().optional().describe("Replace a value the person typed. Only when they asked for it."),
});
export const formAbandonInput = z.object({
  instance_id: instanceId,
  reason: z.string().max(500).optional().describe("Why the form is abandoned, in the person's words."),
});
export const formHistoryInput = z.object({
  instance_id: instanceId,
  field: z.string().max(200).optional().describe("One field's answers only (id or label)."),
});
export const formSubmitInput = z.object({ instance_id: instanceId });

/** One answer as a card shows it: `display` is the value as text, exactly what will be stored. */
export const formValueRowSchema = z.object({ id: z.string(), label: z.string(), display: z.string() });

/** The live form card (pushAndForget, hide-on-new): the client draws the newest view it has for this instance. */
export const formCardProps = z.object({ instanceId: z.string(), view: formViewSchema });

export const formConfirmProps = z.object({
  instanceId: z.string(),
  formName: z.string(),
  /** The instance version shown: the submission stores this version or nothing. */
  version: z.number().int(),
  values: z.array(formValueRowSchema),
});
/**
 * Who answered a card, set by the server from the signed-in person (whatever a client sends there is
 * replaced: lib/server/forms/card-answers.ts), so the tool writes the decision or the submission as them.
 */
export const formAnswererSchema = z.object({ kind: z.literal("person"), id: z.string(), name: z.string() });
/** The client sends `{confirm: true}`; the server adds `version` (the card's) and `by`. */
export const formConfirmAnswer = z.object({
  confirm: z.literal(true),
  version: z.number().int().optional(),
  by: formAnswererSchema.optional(),
});

export const formApprovalProps = z.object({
  instanceId: z.string(),
  formName: z.string(),
  checkpointId: z.string(),
  key: z.string(),
  title: z.string(),
  body: z.string().optional(),
  /** admin: only owners and admins may answer or decline the card (403 for a member). */
  approverRole: z.enum(["member", "admin"]),
  values: z.array(formValueRowSchema),
});
/** The client sends `{approved, note?}`; the server adds `by`. */
export const formApprovalAnswer = z.object({
  approved: z.boolean(),
  note: z.string().max(2000).optional(),
  by: formAnswererSchema.optional(),
});

/** What start, fill and revise answer with (labels, so the model and the demo can word it). */
export const formWriteDataSchema = z.object({
  instance_id: z.string(),
  status: formViewSchema.shape.status,
  stored: z.array(z.string()),
  held: z.array(z.string()),
  errors: z.array(z.object({ field: z.string(), label: z.string().optional(), message: z.string(), hint: z.string() })),
  unknown: z.array(z.object({ field: z.string(), did_you_mean: z.array(z.string()) })),
  locked: z.array(z.object({ field: z.string(), label: z.string().optional(), message: z.string() })),
  missing: z.array(z.string()),
  complete: z.boolean(),
  line: z.string(),
});

export type FormCardProps = z.infer<typeof formCardProps>;
export type FormConfirmProps = z.infer<typeof formConfirmProps>;
export type FormConfirmAnswer = z.infer<typeof formConfirmAnswer>;
export type FormApprovalProps = z.infer<typeof formApprovalProps>;
export type FormApprovalAnswer = z.infer<typeof formApprovalAnswer>;
export type FormValueRow = z.infer<typeof formValueRowSchema>;
export type FormWriteData = z.infer<typeof formWriteDataSchema>;
