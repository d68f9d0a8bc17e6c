import {
  createHttpTool,
  findHttpTool,
  HttpToolNameTakenError,
  listHttpToolSecrets,
  updateHttpTool,
  type HttpToolFields,
  type HttpToolRow,
} from "@/lib/db/http-tools";
import type { TenantContext } from "@/lib/db/tenant-context";
import type { HttpToolDefinitionInput } from "@/lib/schemas/http-tools";
import { serverEnv } from "@/lib/server/env";
import { AppError, conflict, notFound } from "@/lib/server/http/app-error";
import { checkOutboundUrl, type LookupAll } from "@/lib/server/http/outbound-url-guard";
import { OUTBOUND_ALLOW_PRIVATE_ENV } from "@/lib/server/http/safe-fetch";
import { checkHttpToolDefinition } from "./check-definition";
import { httpToolView } from "./stored-tool";

/**
 * Saving an HTTP tool: the definition checked whole (check-definition.ts, with the organization's
 * secret names), its host through the SSRF guard (again at every call, after DNS), then stored.
 * Every refusal is one 422 `invalid_http_tool` with `details.issues` per field path.
 */

export const HTTP_TOOL = "This HTTP tool";

type Ctx = Pick<TenantContext, "organizationId" | "userId">;

export interface SaveOptions {
  ip?: string | null;
  allowPrivate?: boolean;
  lookup?: LookupAll;
}

async function checkedFields(ctx: Ctx, definition: HttpToolDefinitionInput, options: SaveOptions): Promise<HttpToolFields> {
  const secretNames = new Set((await listHttpToolSecrets(ctx)).map((secret) => secret.name));
  const issues = checkHttpToolDefinition(definition, secretNames);
  if (issues.length === 0) {
    const origin = /^https?:\/\/[^/?#]*/i.exec(definition.url_template)![0];
    const verdict = await checkOutboundUrl(`${origin}/`, {
      allowPrivate: options.allowPrivate ?? serverEnv().OUTBOUND_ALLOW_PRIVATE,
      allowPrivateVariable: OUTBOUND_ALLOW_PRIVATE_ENV,
      lookup: options.lookup,
    });
    if (!verdict.ok) issues.push({ path: "url_template", message: verdict.reason });
  }
  if (issues.length > 0)
    throw new AppError(422, "invalid_http_tool", `Fix the tool: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join(" ")}`, {
      issues,
    });
  return {
    name: definition.name,
    description: definition.description,
    inputFields: definition.fields,
    method: definition.method,
    urlTemplate: definition.url_template,
    headers: definition.headers,
    bodyTemplate: definition.body_template,
    timeoutMs: definition.timeout_ms,
    requiresPermission: definition.requires_permission,
    enabled: definition.enabled,
  };
}

const taken = (name: string) =>
  conflict(`Another HTTP tool is already called "${name}"; choose another name.`, {
    issues: [{ path: "name", message: "This name is taken." }],
  });

export async function createHttpToolChecked(ctx: Ctx, definition: HttpToolDefinitionInput, options: SaveOptions = {}) {
  const fields = await checkedFields(ctx, definition, options);
  try {
    return httpToolView(await createHttpTool(ctx, fields, options.ip));
  } catch (error) {
    if (error instanceof HttpToolNameTakenError) throw taken(definition.name);
    throw error;
  }
}

/** `patch` merged over the stored definition, and the whole checked again (a field removed may leave a placeholder unknown). */
export async function updateHttpToolChecked(ctx: Ctx, toolId: string, patch: Partial<HttpToolDefinitionInput>, options: SaveOptions = {}) {
  const row = await findHttpTool(ctx, toolId);
  if (!row) throw notFound(HTTP_TOOL);
  const fields = await checkedFields(ctx, { ...definitionOf(row), ...patch }, options);
  try {
    const updated = await updateHttpTool(ctx, toolId, fields, Object.keys(patch), options.ip);
    if (!updated) throw notFound(HTTP_TOOL);
    return httpToolView(updated);
  } catch (error) {
    if (error instanceof HttpToolNameTakenError) throw taken(fields.name);
    throw error;
  }
}

function definitionOf(row: HttpToolRow): HttpToolDefinitionInput {
  const { id: _id, created_at: _created, updated_at: _updated, ...definition } = httpToolView(row);
  return definition;
}
