/**
 * The seam between the connector store (connectors, their cached tool lists, credentials, health:
 * `catalog.ts`) and the agent's tools built from it (`agent-tools.ts`). Either side is tested
 * against this contract alone.
 */

/** One tool of an MCP server, as the connector's cached tool list holds it. */
export interface McpToolInfo {
  name: string;
  title?: string;
  description: string;
  /** The JSON schema object the server published (`type: "object"`). */
  inputSchema: Record<string, unknown>;
  /** The server's `annotations.readOnlyHint` (false when absent). */
  readOnlyHint: boolean;
}

/** What one call of a connector tool came to. */
export type McpCallOutcome =
  /** The server answered: its content blocks flattened to text (structured content as JSON when there is no text). */
  | { kind: "ok"; text: string; isError: boolean }
  /** No credential for this person, or the server refused or expired it (401/403, or an MCP auth error). */
  | { kind: "auth_required"; message: string }
  /** The server is down, unreachable, refused by the URL guard, or spoke something else than MCP. */
  | { kind: "unavailable"; message: string }
  /** No answer within the connector's timeout. */
  | { kind: "timeout"; afterMs: number };

export interface McpCallOptions {
  signal: AbortSignal;
  /** The tool call's id (stable across re-executions); the run it belongs to decides whose credential is used. */
  callId: string;
  runId: string;
}

/** A tool an admin enabled on a connector, as the agent offers it. */
export interface EnabledConnectorTool {
  connectorId: string;
  /** The `<connector>` of `<connector>__<tool>`: `^[a-z][a-z0-9_]{0,23}$`, unique in the organization. */
  connectorName: string;
  /** What people read ("Acme CRM"). */
  connectorTitle: string;
  authMode: "none" | "shared" | "per_person";
  tool: McpToolInfo;
  /** The admin's choice; defaults to `!tool.readOnlyHint` when the tool is enabled. */
  requiresPermission: boolean;
  /** Longest text of a result handed to the model; the rest is cut, and the result says how much. */
  maxResultChars: number;
}

/** The organization's connectors as one agent sees them. */
export interface ConnectorCatalog {
  enabledTools(): Promise<EnabledConnectorTool[]>;
  /**
   * Calls a tool with the credential of the run's person (per-person connectors: the person who
   * started the run) or the shared one, within the connector's timeout, and records the connector's
   * health (last success, last error). Never throws for the server's failures: they are outcomes.
   */
  callTool(connectorId: string, toolName: string, args: unknown, options: McpCallOptions): Promise<McpCallOutcome>;
}
