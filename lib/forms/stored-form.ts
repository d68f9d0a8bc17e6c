import { z } from "zod";

/**
 * A form a team defines without code, as stored (FormDefinitionVersion.definition), imported,
 * exported and edited in the builder. `compileStoredForm` turns it into the engine's
 * `FormDefinition`. Limits keep one definition small enough to read every turn.
 */

export const FORM_LIMITS = {
  steps: 20,
  fieldsPerStep: 40,
  fields: 200,
  options: 50,
  checkpoints: 20,
  idLength: 64,
  labelLength: 200,
  textLength: 2000,
  definitionBytes: 256 * 1024,
} as const;

const id = z
  .string()
  .trim()
  .min(1, "Give it an id.")
  .max(FORM_LIMITS.idLength)
  .regex(/^[a-z][a-z0-9_-]*$/, "Use lowercase letters, digits, - and _, starting with a letter.");
const label = z.string().trim().min(1, "Give it a label.").max(FORM_LIMITS.labelLength);
const text = z.string().trim().max(FORM_LIMITS.textLength);

export const STORED_FIELD_TYPES = [
  "text",
  "long_text",
  "email",
  "phone",
  "url",
  "number",
  "integer",
  "money",
  "date",
  "yes_no",
  "one_of",
  "several_of",
] as const;
export type StoredFieldType = (typeof STORED_FIELD_TYPES)[number];

const scalar = z.union([z.string().max(FORM_LIMITS.labelLength), z.number(), z.boolean()]);

/** "Show when field X is / is not / is one of ...": on an earlier field's live value. */
export const storedConditionSchema = z.discriminatedUnion("op", [
  z.object({ field: id, op: z.enum(["is", "is_not"]), value: scalar }),
  z.object({ field: id, op: z.literal("is_one_of"), value: z.array(scalar).min(1).max(FORM_LIMITS.options) }),
  z.object({ field: id, op: z.enum(["gt", "gte", "lt", "lte"]), value: z.number() }),
  z.object({ field: id, op: z.enum(["is_set", "is_not_set"]) }),
]);

export const storedLimitsSchema = z
  .object({
    min: z.number().optional(),
    max: z.number().optional(),
    minLength: z.number().int().min(0).optional(),
    maxLength: z.number().int().min(1).max(FORM_LIMITS.textLength).optional(),
    pattern: z.string().max(500).optional(),
    /** What a person reads when the pattern does not match ("Use the format AB-1234"). */
    patternMessage: z.string().max(FORM_LIMITS.labelLength).optional(),
    minItems: z.number().int().min(0).optional(),
    maxItems: z.number().int().min(1).optional(),
  })
  .strict();

export const storedFieldSchema = z
  .object({
    id,
    label,
    type: z.enum(STORED_FIELD_TYPES),
    required: z.boolean().default(true),
    hint: text.optional(),
    /** For one_of and several_of. */
    options: z.array(label).max(FORM_LIMITS.options).optional(),
    /** For money: ISO 4217 ("EUR"). */
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, "Use a three-letter currency code such as EUR.")
      .optional(),
    limits: storedLimitsSchema.optional(),
    when: storedConditionSchema.optional(),
  })
  .strict();

export const storedStepSchema = z
  .object({
    id,
    title: label,
    /** A confirmation step: shows every answer before it; has no fields. */
    confirmation: z.boolean().default(false),
    when: storedConditionSchema.optional(),
    fields: z.array(storedFieldSchema).max(FORM_LIMITS.fieldsPerStep).default([]),
  })
  .strict();

/** A blocking checkpoint that asks a person to approve when its condition rises (an over-limit claim). */
export const storedCheckpointSchema = z
  .object({
    id,
    when: storedConditionSchema,
    approval: z.object({ title: label, body: text.optional(), approverRole: z.enum(["member", "admin"]).default("admin") }).strict(),
  })
  .strict();

export const storedFormSchema = z
  .object({
    id,
    name: label,
    description: text.default(""),
    /** How the agent should conduct the form. */
    conduct: text.optional(),
    steps: z.array(storedStepSchema).min(1, "Add at least one step.").max(FORM_LIMITS.steps),
    checkpoints: z.array(storedCheckpointSchema).max(FORM_LIMITS.checkpoints).default([]),
  })
  .strict();

export type StoredCondition = z.infer<typeof storedConditionSchema>;
export type StoredField = z.infer<typeof storedFieldSchema>;
export type StoredStep = z.infer<typeof storedStepSchema>;
export type StoredCheckpoint = z.infer<typeof storedCheckpointSchema>;
export type StoredForm = z.infer<typeof storedFormSchema>;
/** What the builder and an import send (defaults not yet applied). */
export type StoredFormInput = z.input<typeof storedFormSchema>;
