import { createWithinPlan } from "@/lib/server/billing/place-limits";
import { checkStoredForm } from "@/lib/forms/stored";
import type { StoredForm } from "@/lib/forms/stored-form";
import {
  archiveFormDefinition,
  createFormDefinition,
  FormDefinitionRuleError,
  getFormDefinition,
  updateFormDefinition,
  type FormDetailRecord,
} from "@/lib/db/form-definitions";
import type { TenantContext } from "@/lib/db/tenant-context";
import { storableJson } from "@/lib/schemas/text";
import { AppError, notFound } from "@/lib/server/http/app-error";

/**
 * The form-definition service: every definition that comes in is checked as a whole
 * (checkStoredForm: the schema and the cross-checks) before lib/db sees it, and lib/db's refusals
 * become the API's answers.
 */

type Actor = TenantContext & { ip?: string | null };

const FORM = "This form";

/** The checks a save runs, as the builder asks for them while editing. */
export function checkDefinition(input: unknown): ReturnType<typeof checkStoredForm> {
  // NUL and unpaired surrogates cannot be stored in jsonb: cleaned as in any free text.
  return checkStoredForm(storableJson(input));
}

/** The definition, checked; 422 `invalid_form` with every problem's path inside the definition. */
export function checkedDefinition(input: unknown): StoredForm {
  const result = checkDefinition(input);
  if (result.ok) return result.form;
  const summary = result.problems.map((problem) => (problem.path ? `${problem.path}: ${problem.message}` : problem.message)).join("; ");
  throw new AppError(422, "invalid_form", `Fix the form: ${summary}`, { problems: result.problems });
}

export async function createForm(
  ctx: Actor,
  input: unknown,
  action: "form.created" | "form.imported" = "form.created",
): Promise<FormDetailRecord> {
  const definition = checkedDefinition(input);
  return createWithinPlan(ctx, "forms", (place) => refusalsAnswered(() => createFormDefinition(ctx, definition, action, place)));
}

export async function updateForm(ctx: Actor, formId: string, input: unknown, baseVersion: number): Promise<FormDetailRecord> {
  const definition = checkedDefinition(input);
  const updated = await refusalsAnswered(() => updateFormDefinition(ctx, formId, definition, baseVersion));
  if (!updated) throw notFound(FORM);
  return updated;
}

export async function formDetail(ctx: TenantContext, formId: string): Promise<FormDetailRecord> {
  const form = await getFormDefinition(ctx, formId);
  if (!form) throw notFound(FORM);
  return form;
}

export async function archiveForm(ctx: Actor, formId: string): Promise<FormDetailRecord> {
  const form = await archiveFormDefinition(ctx, formId);
  if (!form) throw notFound(FORM);
  return form;
}

const REFUSAL: Record<FormDefinitionRuleError["reason"], { status: 409 | 422; code: string }> = {
  key_taken: { status: 409, code: "form_key_taken" },
  version_conflict: { status: 409, code: "form_version_conflict" },
  archived: { status: 409, code: "form_archived" },
  key_changed: { status: 422, code: "invalid_form" },
};

async function refusalsAnswered<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof FormDefinitionRuleError)) throw error;
    const { status, code } = REFUSAL[error.reason];
    const details =
      error.reason === "key_changed" ? { ...error.details, problems: [{ path: "id", message: error.message }] } : error.details;
    throw new AppError(status, code, error.message, details);
  }
}
