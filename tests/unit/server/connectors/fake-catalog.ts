import type { ConnectorCatalog, EnabledConnectorTool, McpCallOptions, McpCallOutcome, McpToolInfo } from "@/lib/server/connectors/contract";

/** One enabled tool of the "crm" connector ("Acme CRM"), with what the test changes. */
export function enabledTool(
  tool: Partial<McpToolInfo> & { name: string },
  extra: Partial<EnabledConnectorTool> = {},
): EnabledConnectorTool {
  const info: McpToolInfo = {
    description: `Does ${tool.name}.`,
    inputSchema: { type: "object", properties: { id: { type: "string" } } },
    readOnlyHint: false,
    ...tool,
  };
  return {
    connectorId: "conn-1",
    connectorName: "crm",
    connectorTitle: "Acme CRM",
    authMode: "per_person",
    requiresPermission: !info.readOnlyHint,
    maxResultChars: 10_000,
    ...extra,
    tool: info,
  };
}

export interface RecordedCall {
  connectorId: string;
  toolName: string;
  args: unknown;
  callId: string;
  runId: string;
}

/** A catalog over a fixed tool list; each call takes the next scripted outcome (the last one repeats). */
export class FakeCatalog implements ConnectorCatalog {
  readonly calls: RecordedCall[] = [];

  constructor(
    private readonly tools: EnabledConnectorTool[],
    private readonly outcomes: McpCallOutcome[] = [{ kind: "ok", text: "fine", isError: false }],
  ) {}

  async enabledTools() {
    return this.tools;
  }

  async callTool(connectorId: string, toolName: string, args: unknown, options: McpCallOptions): Promise<McpCallOutcome> {
    this.calls.push({ connectorId, toolName, args, callId: options.callId, runId: options.runId });
    return this.outcomes[Math.min(this.calls.length - 1, this.outcomes.length - 1)];
  }
}
