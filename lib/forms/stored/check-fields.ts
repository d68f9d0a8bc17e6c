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
  if (nestsQuantifiers(pattern))
    return [
      {
        path,
        message: "A repeated group that itself repeats (like (a+)+) can take the server minutes to check. Write it without the nesting.",
      },
    ];
  try {
    new RegExp(pattern);
    return [];
  } catch (error) {
    return [{ path, message: `This pattern is not a valid regular expression: ${(error as Error).message}` }];
  }
}

/**
 * Catastrophic backtracking needs a quantified group whose body can match in more than one way: a
 * quantifier or an alternation inside a group that is itself quantified, or a back-reference. Refused
 * conservatively (JavaScript has no linear-time engine to fall back on).
 */
function nestsQuantifiers(pattern: string): boolean {
  if (/\\[1-9]|\\k</.test(pattern)) return true;
  // Escapes and character classes cannot nest: flatten them to one plain character first.
  const flat = pattern.replace(/\\./g, "x").replace(/\[(?:[^\]\\]|\\.)*\]/g, "x");
  const groups: boolean[] = [];
  for (let index = 0; index < flat.length; index++) {
    const char = flat[index];
    if (char === "(") groups.push(false);
    else if ((char === "*" || char === "+" || char === "{" || char === "|") && groups.length > 0) groups[groups.length - 1] = true;
    else if (char === ")") {
      const inner = groups.pop() ?? false;
      const quantified = /[*+{]/.test(flat[index + 1] ?? "");
      if (inner && quantified) return true;
      // A group that repeats inside counts for its own parent too.
      if (inner && groups.length > 0) groups[groups.length - 1] = true;
    }
  }
  return false;
}
