import { RE2JS } from "re2js";
import type { StoredField } from "../stored-form";
import { isChoice, limitsFor, PATTERN_MAX_LENGTH } from "./field-types";
import { looseId, type PlacedField } from "./field-index";
import type { FormProblem } from "./problems";

/** Ids unique (also loosely), options, currency and limits that fit each field's type. */
export function checkFields(fields: readonly PlacedField[]): FormProblem[] {
  const problems: FormProblem[] = [];
  const seen = new Map<string, PlacedField>();
  for (const placed of fields) {
    const first = seen.get(looseId(placed.field.id));
    if (first) {
      problems.push({
        path: `${placed.path}.id`,
        message: `"${placed.field.id}" clashes with the field "${first.field.id}" (${first.path}): field ids must differ also when case, "-" and "_" are ignored.`,
      });
    } else seen.set(looseId(placed.field.id), placed);
    problems.push(...optionProblems(placed.field, placed.path), ...currencyProblems(placed.field, placed.path));
    problems.push(...limitProblems(placed.field, placed.path));
  }
  return problems;
}

function optionProblems(field: StoredField, path: string): FormProblem[] {
  const options = field.options ?? [];
  if (!isChoice(field.type)) {
    // An empty list is "none": the builder may keep one when the type changes.
    return options.length > 0 ? [{ path: `${path}.options`, message: "Only one_of and several_of fields take options; remove them." }] : [];
  }
  if (options.length === 0) return [{ path: `${path}.options`, message: "Give this field its options (1 to 50)." }];
  const seen = new Set<string>();
  const problems: FormProblem[] = [];
  options.forEach((option, index) => {
    const key = option.toLowerCase();
    if (seen.has(key)) problems.push({ path: `${path}.options[${index}]`, message: `"${option}" is listed twice; options must differ.` });
    seen.add(key);
  });
  return problems;
}

function currencyProblems(field: StoredField, path: string): FormProblem[] {
  if (field.type === "money" && !field.currency)
    return [{ path: `${path}.currency`, message: "A money field needs its currency (a three-letter code such as EUR)." }];
  if (field.type !== "money" && field.currency)
    return [{ path: `${path}.currency`, message: "Only money fields take a currency; remove it." }];
  return [];
}

function limitProblems(field: StoredField, path: string): FormProblem[] {
  const limits = field.limits;
  if (!limits) return [];
  const at = (key: string) => `${path}.limits.${key}`;
  const allowed = limitsFor(field.type);
  const problems: FormProblem[] = [];
  for (const [key, value] of Object.entries(limits)) {
    if (value === undefined || allowed.includes(key)) continue;
    const instead = allowed.length > 0 ? `; it takes ${allowed.join(", ")}` : "; it takes no limits";
    problems.push({ path: at(key), message: `A ${field.type} field cannot have ${key}${instead}.` });
  }
  const ordered = (low: keyof typeof limits, high: keyof typeof limits) => {
    const [a, b] = [limits[low], limits[high]];
    if (typeof a === "number" && typeof b === "number" && a > b)
      problems.push({ path: at(low), message: `${low} (${a}) is above ${high} (${b}).` });
  };
  ordered("min", "max");
  ordered("minLength", "maxLength");
  ordered("minItems", "maxItems");
  if (limits.pattern !== undefined) problems.push(...patternProblems(limits.pattern, at("pattern")));
  if (limits.patternMessage !== undefined && limits.pattern === undefined)
    problems.push({ path: at("patternMessage"), message: "A pattern message needs a pattern; add one or remove the message." });
  const optionCount = field.options?.length ?? 0;
  if (field.type === "several_of" && limits.minItems !== undefined && optionCount > 0 && limits.minItems > optionCount)
    problems.push({ path: at("minItems"), message: `minItems (${limits.minItems}) is more than the ${optionCount} options.` });
  return problems;
}

function patternProblems(pattern: string, path: string): FormProblem[] {
  if (pattern.length > PATTERN_MAX_LENGTH)
    return [{ path, message: `Keep the pattern under ${PATTERN_MAX_LENGTH} characters (it has ${pattern.length}).` }];
  try {
    // RE2's syntax: what it refuses (back-references, look-arounds) could not run in linear time.
    RE2JS.compile(pattern);
    return [];
  } catch (error) {
    return [
      {
        path,
        message: `This pattern is not one the server can run (back-references and look-arounds are not supported): ${(error as Error).message}`,
      },
    ];
  }
}
