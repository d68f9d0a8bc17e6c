import { recordConnectorHealth, storeToolList, type ConnectorRow, type TenantScope } from "@/lib/db/connectors";
import { describeFailure } from "./describe-failure";
import { listMcpTools, type McpClientSettings, type McpListOutcome } from "./mcp-client";

/** What the client needs besides the endpoint: the environment and resolver (tests pass theirs). */
export type ConnectorClientSettings = Pick<McpClientSettings, "env" | "lookup">;

/**
 * Fetches the connector's tool list now and caches it (health: a success), or records the
 * failure as its last error. `token` is whoever's credential the listing uses (the shared one, the
 * asking person's own, or none).
 */
export async function refreshToolList(
  tenant: TenantScope,
  connector: Pick<ConnectorRow, "id" | "url" | "timeoutMs">,
  token: string | null,
  settings: ConnectorClientSettings = {},
): Promise<McpListOutcome> {
  const outcome = await listMcpTools({ url: connector.url, token, timeoutMs: connector.timeoutMs }, settings);
  if (outcome.kind === "ok") await storeToolList(tenant, connector.id, outcome.tools);
  else await recordConnectorHealth(tenant, connector.id, describeFailure(outcome));
  return outcome;
}
