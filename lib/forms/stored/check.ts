import { storedFormSchema, type StoredForm } from "../stored-form";
import { checkConditions } from "./check-conditions";
import { checkFields } from "./check-fields";
import { checkSteps } from "./check-steps";
import { placeFields } from "./field-index";
import { formatPath, type FormProblem } from "./problems";

export type StoredFormCheck = { ok: true; form: StoredForm } | { ok: false; problems: FormProblem[] };

/**
 * Everything a save refuses, in one answer: the schema first (its issues as paths), then the
 * cross-checks that need the whole form. Pure (zod only), so the builder runs it in the browser too.
 */
export function checkStoredForm(input: unknown): StoredFormCheck {
  const parsed = storedFormSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message })) };
  }
  const form = parsed.data;
  const fields = placeFields(form);
  const problems = [...checkSteps(form), ...checkFields(fields), ...checkConditions(form, fields)];
  return problems.length > 0 ? { ok: false, problems } : { ok: true, form };
}
