import { z } from "zod";
import { defineCardShape } from "../shape";

/** Several fields in one card, validated in the browser from this schema and again on the server. */
export const COLLECT_FORM = "collect_form";

/** The longest a field's value may be (the card's `maxLength`). */
export const FORM_VALUE_MAX = 2000;

export const formFieldSpec = z.object({
  name: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,39}$/, "field names are lower_snake_case")
    .describe("The field's key in the answer, lower_snake_case."),
  label: z.string().trim().min(1).max(100).describe("The label the person reads."),
  type: z
    .enum(["text", "email", "tel", "number", "textarea", "url"])
    .default("text")
    .describe("The kind of input; email, number and url are validated."),
  required: z.boolean().default(false).describe("Whether the card refuses an empty value."),
  placeholder: z.string().max(200).optional().describe("An example shown in the empty field."),
});
export type FormFieldSpec = z.infer<typeof formFieldSpec>;

export const collectFormProps = z.object({
  title: z.string().trim().min(1).max(200).describe("The card's heading."),
  description: z.string().max(1000).optional().describe("Why the information is needed, shown under the heading."),
  fields: z.array(formFieldSpec).min(1).max(20).describe("The fields, 1 to 20, in the order shown."),
});
export const collectFormAnswer = z.object({ values: z.record(z.string(), z.string().max(FORM_VALUE_MAX)) });
export type CollectFormProps = z.infer<typeof collectFormProps>;
export type CollectFormAnswer = z.infer<typeof collectFormAnswer>;

/** The zod schema of one filled form, built from its field specs: the same rules in the card and on the server. */
export function valuesSchemaFor(fields: FormFieldSpec[]) {
  const shape: Record<string, z.ZodType<string, string | undefined>> = {};
  for (const field of fields) {
    let rule: z.ZodType<string, string> = z.string().trim().max(FORM_VALUE_MAX);
    if (field.type === "email")
      rule = z
        .string()
        .trim()
        .pipe(z.email({ message: `${field.label} must be an email address` }));
    if (field.type === "url")
      rule = z
        .string()
        .trim()
        .pipe(z.url({ message: `${field.label} must be a URL` }));
    if (field.type === "number")
      rule = z
        .string()
        .trim()
        .regex(/^-?\d+(\.\d+)?$/, `${field.label} must be a number`);
    if (field.type === "tel")
      rule = z
        .string()
        .trim()
        .regex(/^[+()\d\s.-]{3,30}$/, `${field.label} must be a phone number`);
    shape[field.name] = field.required
      ? z.string().trim().min(1, `${field.label} is required`).pipe(rule)
      : z
          .union([z.literal(""), rule])
          .optional()
          .transform((v) => v ?? "");
  }
  return z.object(shape);
}

export const collectForm = defineCardShape({
  name: COLLECT_FORM,
  card: "wait",
  props: collectFormProps,
  answer: collectFormAnswer,
  answerFor: ({ fields }) => z.object({ values: valuesSchemaFor(fields) }),
});
