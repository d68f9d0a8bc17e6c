import { apiFetch } from "@/lib/client/api";
import type { Submission, SubmissionDetail, SubmissionFilters, SubmissionPage, SubmissionStatus } from "@/lib/schemas/form-submissions";

/** The submission routes as the browser calls them, and their react-query keys. */

const FILTER_KEYS = ["from", "to", "submitter", "status", "field", "value"] as const satisfies readonly (keyof SubmissionFilters)[];

/** The filters a URL's query holds (the page keeps them there), ignoring anything else. */
export function filtersFrom(params: URLSearchParams): SubmissionFilters {
  const filters: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters as SubmissionFilters;
}

/** The filters as a query string without the "?" (empty ones left out), for the page URL, the list and the export. */
export function filterQuery(filters: SubmissionFilters, extra: Record<string, string | null | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key]) params.set(key, String(filters[key]));
  for (const [key, value] of Object.entries(extra)) if (value) params.set(key, value);
  return params.toString();
}

const base = (slug: string, formId: string) => `/api/orgs/${slug}/forms/${encodeURIComponent(formId)}/submissions`;

export const submissionKeys = {
  all: (slug: string, formId: string) => ["org", slug, "forms", formId, "submissions"] as const,
  list: (slug: string, formId: string, filters: SubmissionFilters) => [...submissionKeys.all(slug, formId), "list", filters] as const,
  detail: (slug: string, formId: string, id: string) => [...submissionKeys.all(slug, formId), "detail", id] as const,
};

export const submissionApi = {
  page: (slug: string, formId: string, filters: SubmissionFilters, cursor: string | null, signal?: AbortSignal) =>
    apiFetch<SubmissionPage>(`${base(slug, formId)}?${filterQuery(filters, { cursor })}`, { signal }),
  detail: (slug: string, formId: string, id: string, signal?: AbortSignal) =>
    apiFetch<SubmissionDetail>(`${base(slug, formId)}/${encodeURIComponent(id)}`, { signal }),
  setStatus: (slug: string, formId: string, id: string, status: SubmissionStatus) =>
    apiFetch<{ submission: Submission }>(`${base(slug, formId)}/${encodeURIComponent(id)}`, { method: "PATCH", body: { status } }),
  exportUrl: (slug: string, formId: string, filters: SubmissionFilters) => {
    const query = filterQuery(filters);
    return `${base(slug, formId)}/export${query ? `?${query}` : ""}`;
  },
};
