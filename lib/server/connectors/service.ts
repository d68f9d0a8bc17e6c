import { connectedConnectorIds, findConnector, findCredential, type ConnectorRow } from "@/lib/db/connectors";
import { isAdmin, type TenantContext } from "@/lib/db/tenant-context";
import type { ConnectorView } from "@/lib/schemas/connectors";
import { SecretUnreadableError } from "@/lib/server/crypto/secret-box";
import { notFound } from "@/lib/server/http/app-error";
import { openPersonToken, openSharedToken } from "./tokens";
import { connectorView } from "./views";

/** What the connector routes share: the 404, the asker's view, and whose token a listing uses. */

export const CONNECTOR = "This connector";

export async function connectorOr404(ctx: TenantContext, connectorId: string): Promise<ConnectorRow> {
  const row = await findConnector(ctx, connectorId);
  if (!row) throw notFound(CONNECTOR);
  return row;
}

export async function viewsFor(ctx: TenantContext, rows: ConnectorRow[]): Promise<ConnectorView[]> {
  const connected = await connectedConnectorIds(ctx, ctx.userId);
  return rows.map((row) => connectorView(row, { admin: isAdmin(ctx), connected: connected.has(row.id) }));
}

export async function viewFor(ctx: TenantContext, row: ConnectorRow): Promise<ConnectorView> {
  return (await viewsFor(ctx, [row]))[0];
}

/**
 * The token an admin's listing uses: the shared one, or for a per-person connector the admin's own
 * (none when they have not connected: many servers list tools without one). An unreadable token is none.
 */
export async function listingToken(ctx: TenantContext, row: ConnectorRow): Promise<string | null> {
  try {
    if (row.authMode === "shared") return row.sharedTokenSealed && openSharedToken(ctx.organizationId, row.id, row.sharedTokenSealed);
    if (row.authMode === "per_person") {
      const sealed = await findCredential(ctx, row.id, ctx.userId);
      return sealed && openPersonToken(ctx.organizationId, row.id, ctx.userId, sealed);
    }
    return null;
  } catch (error) {
    if (error instanceof SecretUnreadableError) return null;
    throw error;
  }
}
