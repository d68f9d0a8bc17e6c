import type { FormView } from "@/lib/forms/view";
import { apiFetch } from "@/lib/client/api";

/**
 * What the person-edit route answers (the runtime contract): the engine's report of the write, by
 * field id, and the instance's view after it. Typed here because the browser only reads it; the
 * route's own schema is the server's.
 */
export interface FormEditReport {
  stored: string[];
  held: string[];
  errors: { field: string; message: string; hint?: string }[];
  unknown: { field: string; did_you_mean: string[] }[];
  locked: { field: string; message: string }[];
  missing: string[];
  complete: boolean;
  status: FormView["status"];
}

export interface FormEditResponse {
  report: FormEditReport;
  view: FormView;
}

const valuesPath = (conversationId: string, instanceId: string) =>
  `/api/conversations/${encodeURIComponent(conversationId)}/forms/${encodeURIComponent(instanceId)}/values`;

/** The person-edit route, the one place that knows its path. */
export const formValuesApi = {
  save: (conversationId: string, instanceId: string, values: Record<string, unknown>) =>
    apiFetch<FormEditResponse>(valuesPath(conversationId, instanceId), { body: { values } }),
};
