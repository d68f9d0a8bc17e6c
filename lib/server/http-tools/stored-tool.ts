import { z } from "zod";
import type { HttpToolRow } from "@/lib/db/http-tools";
import { storedFieldSchema, type StoredField } from "@/lib/forms/stored-form";
import { HTTP_TOOL_METHODS, type HttpToolMethod, type HttpToolView, type JsonValue } from "@/lib/schemas/http-tools";
import type { RequestTemplate } from "./render-request";

/** An HTTP tool as the server uses it: the row's JSON columns parsed (they were checked when saved). */
export interface StoredHttpTool extends RequestTemplate {
  id: string;
  name: string;
  description: string;
  fields: StoredField[];
  method: HttpToolMethod;
  timeoutMs: number;
  requiresPermission: boolean;
  enabled: boolean;
}

const columnsSchema = z.object({
  inputFields: z.array(storedFieldSchema),
  method: z.enum(HTTP_TOOL_METHODS),
  headers: z.record(z.string(), z.string()),
});

export function storedHttpTool(row: HttpToolRow): StoredHttpTool {
  const columns = columnsSchema.parse(row);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    fields: columns.inputFields,
    method: columns.method,
    urlTemplate: row.urlTemplate,
    headers: columns.headers,
    bodyTemplate: (row.bodyTemplate ?? null) as JsonValue | null,
    timeoutMs: row.timeoutMs,
    requiresPermission: row.requiresPermission,
    enabled: row.enabled,
  };
}

export function httpToolView(row: HttpToolRow): HttpToolView {
  const tool = storedHttpTool(row);
  return {
    id: tool.id,
    name: tool.name,
    description: tool.description,
    fields: tool.fields,
    method: tool.method,
    url_template: tool.urlTemplate,
    headers: tool.headers,
    body_template: tool.bodyTemplate,
    timeout_ms: tool.timeoutMs,
    requires_permission: tool.requiresPermission,
    enabled: tool.enabled,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
