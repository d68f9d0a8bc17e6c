import type { StoredForm } from "@/lib/forms/stored-form";

/**
 * The form-definition API's wire shapes, written here while the API lands on another branch. At the
 * merge these become `import type` from `lib/schemas/forms.ts` (same names, same fields).
 */

export interface FormSummary {
  id: string;
  key: string;
  name: string;
  description: string;
  currentVersion: number;
  fieldCount: number;
  submissionCount: number;
  archived: boolean;
  /** ISO date-time. */
  updatedAt: string;
}

export interface FormVersionSummary {
  version: number;
  createdAt: string;
  createdBy: { id: string; name: string } | null;
}

export type FormDetail = FormSummary & { definition: StoredForm; versions: FormVersionSummary[] };

export interface FormsResponse {
  forms: FormSummary[];
}

export interface FormResponse {
  form: FormDetail;
}

export interface FormVersionResponse {
  version: number;
  createdAt: string;
  definition: StoredForm;
}

/** One problem of a definition; `path` points at the step and field (`steps[1].fields[0].options`). */
export interface FormProblem {
  path: string;
  message: string;
}

export interface FormCheckResponse {
  ok: boolean;
  problems: FormProblem[];
}

/** What export downloads and import takes. */
export interface FormExportDocument {
  format: "handoff.form";
  formatVersion: 1;
  definition: StoredForm;
}
