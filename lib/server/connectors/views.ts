import type { ConnectorRow } from "@/lib/db/connectors";
import type { ConnectorToolView, ConnectorView } from "@/lib/schemas/connectors";
import { cachedTools } from "./tool-cache";

/**
 * A connector as the asking member sees it: never a token. Admins get every tool the server
 * listed (to enable them), members only the enabled ones; `connected` is the asker's own state.
 */
export function connectorView(row: ConnectorRow, viewer: { admin: boolean; connected: boolean }): ConnectorView {
  const enabled = new Map(row.tools.map((tool) => [tool.name, tool]));
  const tools: ConnectorToolView[] = cachedTools(row.toolsCache)
    .filter((tool) => viewer.admin || enabled.has(tool.name))
    .map((tool) => ({
      name: tool.name,
      title: tool.title ?? null,
      description: tool.description,
      input_schema: tool.inputSchema,
      read_only: tool.readOnlyHint,
      enabled: enabled.has(tool.name),
      requires_permission: enabled.get(tool.name)?.requiresPermission ?? !tool.readOnlyHint,
    }));
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    url: row.url,
    auth_mode: row.authMode,
    has_shared_token: row.sharedTokenSealed !== null,
    timeout_ms: row.timeoutMs,
    max_result_chars: row.maxResultChars,
    connected: viewer.connected,
    tools,
    tools_fetched_at: row.toolsFetchedAt?.toISOString() ?? null,
    last_ok_at: row.lastOkAt?.toISOString() ?? null,
    last_error_at: row.lastErrorAt?.toISOString() ?? null,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
  };
}
