import {
  findConnector,
  findCredential,
  listConnectors,
  recordConnectorHealth,
  callActor,
  type ConnectorRow,
  type TenantScope,
} from "@/lib/db/connectors";
import { SecretUnreadableError } from "@/lib/server/crypto/secret-box";
import type { ConnectorCatalog, EnabledConnectorTool, McpCallOptions, McpCallOutcome } from "./contract";
import { describeFailure } from "./describe-failure";
import { callMcpTool } from "./mcp-client";
import { refreshSignIn } from "./oauth";
import { refreshToolList, type ConnectorClientSettings } from "./refresh";
import { cachedTools } from "./tool-cache";
import { openPersonToken, openSharedToken } from "./tokens";

/**
 * The organization's connectors as one agent sees them (contract.ts): the enabled tools of the
 * cached lists, and calls with the right credential. A per-person connector uses the token of the
 * person whose action made the call run (`callActor`: who answered its card, else who started the run);
 * without one the call is `auth_required` and the server is not asked.
 * Every call records the connector's health; a session that hears `tools/list_changed` refreshes
 * the cached list.
 */
export function openConnectorCatalog(tenant: TenantScope, settings: ConnectorClientSettings = {}): ConnectorCatalog {
  return {
    async enabledTools() {
      const tools: EnabledConnectorTool[] = [];
      for (const connector of await listConnectors(tenant)) {
        const listed = new Map(cachedTools(connector.toolsCache).map((tool) => [tool.name, tool]));
        for (const enabled of connector.tools) {
          // A tool the server no longer lists is not offered (the admin's choice is kept for when it returns).
          const tool = listed.get(enabled.name);
          if (!tool) continue;
          tools.push({
            connectorId: connector.id,
            connectorName: connector.name,
            connectorTitle: connector.title,
            authMode: connector.authMode,
            tool,
            requiresPermission: enabled.requiresPermission,
            maxResultChars: connector.maxResultChars,
          });
        }
      }
      return tools;
    },

    async callTool(connectorId, toolName, args, options) {
      const connector = await findConnector(tenant, connectorId);
      if (!connector || !connector.tools.some((tool) => tool.name === toolName)) {
        return { kind: "unavailable", message: `The tool ${toolName} is not enabled on this connector any more. Do not call it again.` };
      }
      const credential = await credentialFor(tenant, connector, options);
      if (credential.kind !== "token") return credential.outcome;
      const call = (token: string | null) =>
        callMcpTool({ url: connector.url, token, timeoutMs: connector.timeoutMs }, toolName, args, {
          ...settings,
          signal: options.signal,
          onToolsChanged: () => void refreshToolList(tenant, connector, token, settings).catch(() => undefined),
        });
      let outcome = await call(credential.token);
      // An OAuth sign-in's access token expires; its refresh token gets a new one, once, before the person is asked.
      if (outcome.kind === "auth_required" && credential.userId) {
        const fresh = await refreshSignIn(tenant, connector, credential.userId, settings);
        if (fresh) outcome = await call(fresh);
      }
      // A person's refused token says nothing about the server's health.
      if (!(outcome.kind === "auth_required" && connector.authMode === "per_person")) {
        await recordConnectorHealth(tenant, connector.id, outcome.kind === "ok" ? null : describeFailure(outcome));
      }
      return outcome;
    },
  };
}

/** `userId`: whose per-person token it is (a refresh is theirs). */
type Credential = { kind: "token"; token: string | null; userId?: string } | { kind: "missing"; outcome: McpCallOutcome };

async function credentialFor(tenant: TenantScope, connector: ConnectorRow, options: McpCallOptions): Promise<Credential> {
  try {
    if (connector.authMode === "none") return { kind: "token", token: null };
    if (connector.authMode === "shared") {
      if (!connector.sharedTokenSealed) {
        return {
          kind: "missing",
          outcome: { kind: "unavailable", message: `${connector.title} has no shared token yet; an admin must set it.` },
        };
      }
      return { kind: "token", token: openSharedToken(tenant.organizationId, connector.id, connector.sharedTokenSealed) };
    }
    const userId = await callActor(tenant, options.runId, options.callId);
    const sealed = userId && (await findCredential(tenant, connector.id, userId));
    if (!userId || !sealed) {
      return {
        kind: "missing",
        outcome: { kind: "auth_required", message: `Connect your ${connector.title} account first (Settings → Connectors).` },
      };
    }
    return { kind: "token", token: openPersonToken(tenant.organizationId, connector.id, userId, sealed), userId };
  } catch (error) {
    if (!(error instanceof SecretUnreadableError)) throw error;
    const outcome: McpCallOutcome =
      connector.authMode === "shared"
        ? { kind: "unavailable", message: `${connector.title}'s shared token could not be decrypted; an admin must set it again.` }
        : { kind: "auth_required", message: `Your ${connector.title} token could not be decrypted; connect your account again.` };
    return { kind: "missing", outcome };
  }
}
