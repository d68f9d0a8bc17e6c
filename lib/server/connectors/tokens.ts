import { openSecret, sealSecret } from "@/lib/server/crypto/secret-box";

/**
 * Connector tokens at rest, sealed by secret-box with a context naming the row: a sealed token
 * copied to another connector, person or organization does not open there.
 */

const sharedContext = (organizationId: string, connectorId: string) => `connector-token:${organizationId}:${connectorId}`;
const personContext = (organizationId: string, connectorId: string, userId: string) =>
  `connector-credential:${organizationId}:${connectorId}:${userId}`;

export const sealSharedToken = (organizationId: string, token: string) => (connectorId: string) =>
  sealSecret(token, sharedContext(organizationId, connectorId));

export const openSharedToken = (organizationId: string, connectorId: string, sealed: string) =>
  openSecret(sealed, sharedContext(organizationId, connectorId));

export const sealPersonToken = (organizationId: string, connectorId: string, userId: string, token: string) =>
  sealSecret(token, personContext(organizationId, connectorId, userId));

export const openPersonToken = (organizationId: string, connectorId: string, userId: string, sealed: string) =>
  openSecret(sealed, personContext(organizationId, connectorId, userId));

const refreshContext = (organizationId: string, connectorId: string, userId: string) =>
  `connector-refresh:${organizationId}:${connectorId}:${userId}`;
const clientContext = (organizationId: string, connectorId: string) => `connector-oauth-client:${organizationId}:${connectorId}`;

export const sealRefreshToken = (organizationId: string, connectorId: string, userId: string, token: string) =>
  sealSecret(token, refreshContext(organizationId, connectorId, userId));

export const openRefreshToken = (organizationId: string, connectorId: string, userId: string, sealed: string) =>
  openSecret(sealed, refreshContext(organizationId, connectorId, userId));

/** The OAuth client registered for a connector (its id and secret), as JSON. */
export const sealOAuthClient = (organizationId: string, connectorId: string, client: string) =>
  sealSecret(client, clientContext(organizationId, connectorId));

export const openOAuthClient = (organizationId: string, connectorId: string, sealed: string) =>
  openSecret(sealed, clientContext(organizationId, connectorId));
