import type { InboundEndpointRow, StoredCredential } from "@/lib/db/inbound-endpoints";
import type { InboundEventRow } from "@/lib/db/inbound-events";
import type { InboundAuthKind, InboundEndpointView, InboundEventView } from "@/lib/schemas/inbound-endpoints";
import { sealSecret } from "@/lib/server/crypto/secret-box";
import { appOrigin } from "@/lib/server/http/same-origin";
import { inboundSecretContext, newInboundCredential } from "./credentials";

/** Where senders POST: on APP_URL when it is set, else on the origin the admin's request came to. */
export function inboundUrl(endpointId: string, request: Request): string {
  return `${appOrigin(request)}/api/inbound/${endpointId}`;
}

/** An endpoint as admins see it: never its secret or token hash. */
export function inboundEndpointView(row: InboundEndpointRow, request: Request): InboundEndpointView {
  return {
    id: row.id,
    name: row.name,
    tags: row.tags,
    authKind: row.authKind as InboundAuthKind,
    correlationPath: row.correlationPath,
    responsePath: row.responsePath,
    earlyWindowMinutes: row.earlyWindowMinutes,
    enabled: row.enabled,
    url: inboundUrl(row.id, request),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function inboundEventView(row: InboundEventRow & { conversationId: string | null }): InboundEventView {
  return {
    id: row.id,
    receivedAt: row.receivedAt.toISOString(),
    verification: row.verification as InboundEventView["verification"],
    refusedReason: row.refusedReason,
    outcome: row.outcome as InboundEventView["outcome"],
    correlationKey: row.correlationKey,
    resolvedItemId: row.resolvedItemId,
    conversationId: row.conversationId,
    keptUntil: row.keptUntil?.toISOString() ?? null,
    senderEventId: row.senderEventId,
  };
}

/**
 * A fresh credential of `kind` for the organization's endpoint: the secret to show once, and how
 * to store it once the endpoint's id is known (sealed to that endpoint, or hashed).
 */
export function issueInboundCredential(kind: InboundAuthKind, organizationId: string) {
  const credential = newInboundCredential(kind);
  const store = (endpointId: string): StoredCredential => ({
    secretSealed: credential.toSeal === null ? null : sealSecret(credential.toSeal, inboundSecretContext(organizationId, endpointId)),
    tokenHash: credential.tokenHash,
  });
  return { secret: credential.secret, store };
}
