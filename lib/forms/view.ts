import { z } from "zod";

/**
 * An instance as a person sees it: the live form card's props, the builder's preview and the
 * `form_updated` event's payload. Computed by the runner (`FormRunner.view`); zod so the card's
 * shape and the event are validated by the same schema.
 */
const actorKind = z.enum(["agent", "person", "api", "executor"]);

export const fieldInputSchema = z.discriminatedUnion("type", [
  z.object({ type: z.enum(["text", "textarea", "email", "tel", "url", "date", "boolean"]) }),
  z.object({ type: z.enum(["number", "integer"]), min: z.number().optional(), max: z.number().optional() }),
  z.object({ type: z.literal("money"), currency: z.string() }),
  z.object({ type: z.enum(["select", "multiselect"]), options: z.array(z.string()) }),
]);

export const formFieldViewSchema = z.object({
  id: z.string(),
  label: z.string(),
  hint: z.string().optional(),
  typeText: z.string(),
  input: fieldInputSchema,
  required: z.boolean(),
  /** False while its `when` does not apply; a value it has is then held. */
  applicable: z.boolean(),
  value: z.unknown().optional(),
  held: z.boolean().optional(),
  /** Who gave the current value. */
  by: actorKind.optional(),
  /** The last validation or executor failure for this field. */
  error: z.string().optional(),
});

export const formStepViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  preview: z.boolean(),
  applicable: z.boolean(),
  state: z.enum(["done", "current", "pending", "revisiting", "skipped"]),
  fields: z.array(formFieldViewSchema),
});

export const formViewSchema = z.object({
  instanceId: z.string(),
  formId: z.string(),
  formVersion: z.number().int(),
  name: z.string(),
  status: z.enum(["open", "awaiting", "completed", "submitted", "terminated", "abandoned"]),
  /** The instance's compare-and-set version: a submission confirms exactly this one. */
  version: z.number().int(),
  currentStepId: z.string().nullable(),
  steps: z.array(formStepViewSchema),
  /** Labels of applicable required fields without a live value. */
  missing: z.array(z.string()),
  complete: z.boolean(),
  awaiting: z.object({ checkpointId: z.string(), key: z.string(), title: z.string() }).nullable(),
  terminatedReason: z.string().nullable(),
  failures: z.array(z.object({ key: z.string(), field: z.string().optional(), message: z.string() })),
});

export type FieldInputView = z.infer<typeof fieldInputSchema>;
export type FormFieldView = z.infer<typeof formFieldViewSchema>;
export type FormStepView = z.infer<typeof formStepViewSchema>;
export type FormView = z.infer<typeof formViewSchema>;
