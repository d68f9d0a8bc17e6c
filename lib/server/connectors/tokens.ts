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
