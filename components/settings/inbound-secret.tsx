"use client";

import { SecretOnceDialog } from "./secret-once-dialog";
import { INBOUND_AUTH_KIND_LABELS, type InboundEndpointWithSecret } from "@/lib/schemas/inbound-endpoints";

/** How the sender uses the secret, per kind: the header it sends. */
const USE: Record<string, string> = {
  standard_webhooks: "The sender signs with it the Standard Webhooks way (webhook-id, webhook-timestamp, webhook-signature).",
  hub_signature: "The sender sends X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body> keyed with it.",
  bearer: "The sender sends Authorization: Bearer <this token>.",
};

/** A new endpoint's (or a rotated) secret and its URL, this once, with Copy. */
export function ShowInboundSecretOnce({ shown, onClose }: { shown: InboundEndpointWithSecret | null; onClose: () => void }) {
  const dialog = shown && {
    title: `Secret of “${shown.endpoint.name}”`,
    description: `Copy it now and give it to the sender: you will not see it again. ${USE[shown.endpoint.authKind]}`,
    fields: [
      { label: "URL to give the sender", value: shown.endpoint.url },
      { label: `${INBOUND_AUTH_KIND_LABELS[shown.endpoint.authKind]} secret`, value: shown.secret },
    ],
    copy: { label: "Copy secret", value: shown.secret, what: "Secret" },
  };
  return <SecretOnceDialog shown={dialog} onClose={onClose} />;
}
