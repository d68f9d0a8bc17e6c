import { z } from "zod";
import { fieldSchema } from "@/lib/forms/stored/field-schema";
import type { StoredField } from "@/lib/forms/stored-form";

/**
 * An HTTP tool's input schema: its fields compiled by the form builder's own compiler, one key per
 * field id, each described by its label and hint. The same schema is the model's tool schema and
 * the validation of every call (and of "Try it"), so the two cannot disagree.
 */
export function httpToolInputSchema(fields: readonly StoredField[]): z.ZodType<Record<string, unknown>> {
  const shape: Record<string, z.ZodType> = {};
  for (const field of fields) shape[field.id] = fieldSchema(field).describe(field.hint ? `${field.label}. ${field.hint}` : field.label);
  return z.object(shape);
}
