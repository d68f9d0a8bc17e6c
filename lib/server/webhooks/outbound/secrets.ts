import { generateWebhookSecret } from "@/lib/server/webhooks/signing";
import { openSecret, sealSecret } from "@/lib/server/crypto/secret-box";

/**
 * An endpoint's signing secrets at rest: sealed with the organization and endpoint in the
 * authenticated context, so a sealed value copied to another row does not open there.
 */

const context = (organizationId: string, endpointId: string) => `webhook-secret:${organizationId}:${endpointId}`;

/** A new secret and its sealer (the endpoint id is known only inside the write). */
export function newSealedSecret(organizationId: string): { secret: string; seal: (endpointId: string) => string } {
  const secret = generateWebhookSecret();
  return { secret, seal: (endpointId) => sealSecret(secret, context(organizationId, endpointId)) };
}

export interface SealedSecrets {
  id: string;
  organizationId: string;
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretExpiresAt: Date | null;
}

/** The secrets that sign a delivery at `now`: the current one, and the previous one during a rotation's grace. */
export function signingSecrets(endpoint: SealedSecrets, now: Date): string[] {
  const secrets = [openSecret(endpoint.secretSealed, context(endpoint.organizationId, endpoint.id))];
  if (endpoint.previousSecretSealed && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
    secrets.push(openSecret(endpoint.previousSecretSealed, context(endpoint.organizationId, endpoint.id)));
  }
  return secrets;
}
