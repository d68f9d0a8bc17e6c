import { FormDefinitionError } from "./errors";
import { normalizeId } from "./resolve-field-id";
import type { FormDefinition } from "./types";

type Problem = { path: string; message: string };

/**
 * What makes a definition unusable, checked for `defineForm(...).build()` and again in the registry
 * (the stored-JSON compiler builds `FormDefinition` objects directly). Field ids must stay unique
 * after normalizing, because loose ids (`full_name` = `fullName`) would otherwise be ambiguous.
 */
export function validateDefinition(definition: FormDefinition): void {
  const problems: Problem[] = [];
  if (!definition.id?.trim()) problems.push({ path: "id", message: "The form needs an id." });
  if (!Number.isInteger(definition.version) || definition.version < 1)
    problems.push({ path: "version", message: `Version must be a positive integer (got ${definition.version}).` });
  if (definition.steps.length === 0) problems.push({ path: "steps", message: "The form needs at least one step." });

  uniqueIds(
    definition.steps.map((step, i) => ({ id: step.id, path: `steps[${i}].id` })),
    (id) => id,
    "step",
    problems,
  );
  uniqueIds(
    definition.checkpoints.map((checkpoint, i) => ({ id: checkpoint.id, path: `checkpoints[${i}].id` })),
    (id) => id,
    "checkpoint",
    problems,
  );
  const fields = definition.steps.flatMap((step, i) =>
    step.fields.map((field, j) => ({ id: field.id, path: `steps[${i}].fields[${j}].id`, step, field })),
  );
  uniqueIds(fields, normalizeId, "field", problems);

  definition.steps.forEach((step, i) => {
    if (step.preview && step.fields.length > 0)
      problems.push({ path: `steps[${i}].fields`, message: `Step "${step.id}" is a confirmation step and cannot have fields.` });
  });
  for (const { id, path, step, field } of fields) {
    if (normalizeId(id) === "") problems.push({ path, message: `Field id "${id}" needs a letter or digit.` });
    if (field.stepId !== step.id)
      problems.push({ path, message: `Field "${id}" says it belongs to step "${field.stepId}", not "${step.id}".` });
  }
  definition.migrations.forEach((migration, i) => {
    if (migration.from >= definition.version)
      problems.push({ path: `migrations[${i}].from`, message: `A migration must come from an older version than ${definition.version}.` });
  });

  if (problems.length > 0) {
    throw new FormDefinitionError(
      `Form "${definition.id}" is invalid: ${problems.map((p) => `${p.path}: ${p.message}`).join("; ")}`,
      problems,
    );
  }
}

function uniqueIds(items: { id: string; path: string }[], key: (id: string) => string, kind: string, problems: Problem[]): void {
  const seen = new Map<string, string>();
  for (const { id, path } of items) {
    if (typeof id !== "string" || id.length === 0) {
      problems.push({ path, message: `A ${kind} needs an id.` });
      continue;
    }
    const first = seen.get(key(id));
    if (first !== undefined) problems.push({ path, message: `Duplicate ${kind} id "${id}" (clashes with "${first}").` });
    else seen.set(key(id), id);
  }
}
