import { apiFetch } from "@/lib/client/api";
import type { FormValuesReply } from "@/lib/schemas/form-values";

/** The engine's report of a person's edit, as the values route answers it (errors and locks by field id). */
export type FormEditReport = FormValuesReply["report"];

const valuesPath = (conversationId: string, instanceId: string) =>
  `/api/conversations/${encodeURIComponent(conversationId)}/forms/${encodeURIComponent(instanceId)}/values`;

/** The person-edit route, the one place that knows its path. */
export const formValuesApi = {
  save: (conversationId: string, instanceId: string, values: Record<string, unknown>) =>
    apiFetch<FormValuesReply>(valuesPath(conversationId, instanceId), { body: { values } }),
};
