import type { InboundAuthKind } from "@/lib/schemas/inbound-endpoints";
import { HUB_SIGNATURE_HEADER, verifyHubSignature, verifyStandardWebhook, type InboundVerdict } from "@/lib/server/webhooks/signing";
import { bearerMatches } from "./credentials";

/** What verifying needs of an endpoint: its kind and, opened, its secret (signatures) or token hash (bearer). */
export interface InboundVerifier {
  authKind: InboundAuthKind;
  secret: string | null;
  tokenHash: string | null;
}

/**
 * Checks a request by the endpoint's kind, over the raw body. `reason` names the header that is
 * wrong and never the expected value: it is logged and told to the sender.
 */
export function verifyInbound(verifier: InboundVerifier, body: string, headers: Headers, now = new Date()): InboundVerdict {
  switch (verifier.authKind) {
    case "standard_webhooks":
      if (!verifier.secret) return { ok: false, reason: "the endpoint has no secret; rotate it" };
      return verifyStandardWebhook(body, headers, [verifier.secret], now);
    case "hub_signature":
      if (!verifier.secret) return { ok: false, reason: "the endpoint has no secret; rotate it" };
      return verifyHubSignature(body, headers.get(HUB_SIGNATURE_HEADER), verifier.secret);
    case "bearer": {
      const header = headers.get("authorization");
      if (!header) return { ok: false, reason: "missing Authorization: Bearer <token>" };
      if (!verifier.tokenHash || !bearerMatches(header, verifier.tokenHash))
        return { ok: false, reason: "the bearer token in Authorization is not this endpoint's" };
      return { ok: true };
    }
  }
}

/** The sender's own id for the event, when it sends one (de-duplication): Standard Webhooks' or GitHub's. */
export function senderEventId(headers: Headers): string | null {
  const id = (headers.get("webhook-id") ?? headers.get("x-github-delivery"))?.trim();
  return id && id.length <= 200 && /^[\x21-\x7e]+$/.test(id) ? id : null;
}
