import type { GloveTool } from "@/lib/agent";
import { listHttpTools } from "@/lib/db/http-tools";
import type { TenantContext } from "@/lib/db/tenant-context";
import { logger } from "@/lib/server/logger";
import { callHttpTool, type CallOptions } from "./call-http-tool";
import { httpToolInputSchema } from "./input-schema";
import { storedHttpTool, type StoredHttpTool } from "./stored-tool";

/**
 * An HTTP tool as the agent's tool: its compiled input schema is both the model's tool schema and
 * the validation of each call, and it asks permission (the approval card) unless the admin turned
 * that off. The call id is the `Idempotency-Key`.
 */
export function httpGloveTool(
  tenant: Pick<TenantContext, "organizationId">,
  tool: StoredHttpTool,
  options: Omit<CallOptions, "signal"> = {},
): GloveTool<Record<string, unknown>> {
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: httpToolInputSchema(tool.fields),
    requiresPermission: tool.requiresPermission,
    async do(input, _display, _glove, signal, ctx) {
      return (await callHttpTool(tenant, tool, input, ctx.callId, { ...options, signal })).result;
    },
  };
}

/** The organization's enabled HTTP tools; a row that no longer parses is skipped (and logged), never fatal to the turn. */
export async function loadHttpGloveTools(tenant: Pick<TenantContext, "organizationId">): Promise<GloveTool[]> {
  const tools: GloveTool[] = [];
  for (const row of await listHttpTools(tenant, { enabledOnly: true })) {
    try {
      tools.push(httpGloveTool(tenant, storedHttpTool(row)) as GloveTool);
    } catch (error) {
      logger.error("an HTTP tool could not be loaded; it is left out", { toolId: row.id, error });
    }
  }
  return tools;
}
