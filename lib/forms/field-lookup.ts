import { FormError } from "./errors";
import { resolveLooseId, type LooseMatch } from "./resolve-field-id";
import type { FieldDefinition, FormDefinition } from "./types";
import { allFields } from "./applicability";

/** A form's fields by loose id or label. */
export function lookupField(definition: FormDefinition, raw: string): { field: FieldDefinition } | { field: null; didYouMean: string[] } {
  const fields = allFields(definition);
  const match: LooseMatch = resolveLooseId(
    raw,
    fields.map((f) => ({ id: f.id, aliases: [f.label] })),
  );
  if (match.id === null) return { field: null, didYouMean: match.didYouMean };
  return { field: fields.find((f) => f.id === match.id)! };
}

export function requireField(definition: FormDefinition, raw: string): FieldDefinition {
  const found = lookupField(definition, raw);
  if (found.field) return found.field;
  const hint = found.didYouMean.length > 0 ? ` Did you mean ${found.didYouMean.map((id) => `"${id}"`).join(" or ")}?` : "";
  throw new FormError("unknown_field", `Form "${definition.id}" has no field "${raw}".${hint}`, {
    field: raw,
    did_you_mean: found.didYouMean,
  });
}
