import type { StoredFormInput } from "@/lib/forms/stored-form";
import { apiFetch, ApiError } from "@/lib/client/api";
import type { FormCheckResponse, FormProblem, FormResponse, FormsResponse, FormVersionResponse } from "./types";

/** The form-definition routes, one function each: the only place that knows their paths. */

const formsPath = (slug: string) => `/api/orgs/${encodeURIComponent(slug)}/forms`;
const formPath = (slug: string, formId: string) => `${formsPath(slug)}/${encodeURIComponent(formId)}`;

export const formsApi = {
  list: async (slug: string, signal?: AbortSignal) => (await apiFetch<FormsResponse>(formsPath(slug), { signal })).forms,
  get: async (slug: string, formId: string, signal?: AbortSignal) =>
    (await apiFetch<FormResponse>(formPath(slug, formId), { signal })).form,
  version: (slug: string, formId: string, version: number, signal?: AbortSignal) =>
    apiFetch<FormVersionResponse>(`${formPath(slug, formId)}/versions/${version}`, { signal }),
  create: async (slug: string, definition: StoredFormInput) =>
    (await apiFetch<FormResponse>(formsPath(slug), { body: { definition } })).form,
  update: async (slug: string, formId: string, definition: StoredFormInput, baseVersion: number) =>
    (await apiFetch<FormResponse>(formPath(slug, formId), { method: "PUT", body: { definition, baseVersion } })).form,
  /** The body is the export document as read from a file: the server says what is wrong with it. */
  import: async (slug: string, document: unknown) => (await apiFetch<FormResponse>(`${formsPath(slug)}/import`, { body: document })).form,
  check: (slug: string, definition: StoredFormInput, signal?: AbortSignal) =>
    apiFetch<FormCheckResponse>(`${formsPath(slug)}/check`, { body: { definition }, signal }),
  archive: async (slug: string, formId: string) => (await apiFetch<FormResponse>(formPath(slug, formId), { method: "DELETE" })).form,
  /** Downloaded by the browser itself (an `<a download>`): the server names the file `<key>.form.json`. */
  exportHref: (slug: string, formId: string) => `${formPath(slug, formId)}/export`,
};

export const formKeys = {
  all: (slug: string) => ["forms", slug] as const,
  list: (slug: string) => ["forms", slug, "list"] as const,
  detail: (slug: string, formId: string) => ["forms", slug, "detail", formId] as const,
  version: (slug: string, formId: string, version: number) => ["forms", slug, "detail", formId, "version", version] as const,
  check: (slug: string, definitionJson: string) => ["forms", slug, "check", definitionJson] as const,
};

/** The per-path problems a refused save or import carries (422 `invalid_form`), else none. */
export function problemsOf(error: unknown): FormProblem[] {
  if (!(error instanceof ApiError)) return [];
  const problems = (error.details as { problems?: unknown } | undefined)?.problems;
  if (!Array.isArray(problems)) return error.issues;
  return problems.filter((problem): problem is FormProblem => typeof problem?.path === "string" && typeof problem?.message === "string");
}

export const isVersionConflict = (error: unknown) => error instanceof ApiError && error.code === "form_version_conflict";
export const isKeyTaken = (error: unknown) => error instanceof ApiError && error.code === "form_key_taken";
