import {
  claimDeliveryAttempt,
  recordDeliveryAttempt,
  type AttemptOutcome,
  type AttemptRecord,
  type ClaimedAttempt,
} from "@/lib/db/webhook-deliveries";
import type { DueDelivery } from "@/lib/db/outbox";
import { PREVIEW_BYTES, SafeFetchError, safeFetch } from "@/lib/server/http/safe-fetch";
import { signWebhook } from "@/lib/server/webhooks/signing";
import { nextRetry } from "./backoff";
import { signingSecrets } from "./secrets";
import { attemptLeaseMs, type DeliverySettings } from "./settings";

/** The most of a receiver's answer that is read; the log keeps the first 1 KB. */
const MAX_RESPONSE_BYTES = 16 * 1024;
const ENDPOINT_DISABLED = "The endpoint was disabled.";

/** The request of one attempt: the stored payload exactly, signed now with every current secret. */
export function signedRequest(claimed: Pick<ClaimedAttempt, "delivery" | "endpoint" | "payload">, now: Date) {
  const body = JSON.stringify(claimed.payload);
  const headers = signWebhook({ id: claimed.delivery.eventId, timestamp: now, body }, signingSecrets(claimed.endpoint, now));
  return { body, headers: { ...headers, "content-type": "application/json", "user-agent": "Handoff-Webhooks/1" } };
}

/** What the log says of an answer that is not a success. */
function failureSentence(status: number, headers: Record<string, string>): string {
  if (status >= 300 && status < 400) {
    return `The receiver answered ${status} (a redirect${headers.location ? ` to ${headers.location}` : ""}); redirects are not followed.`;
  }
  return `The receiver answered ${status}; only 2xx counts as delivered.`;
}

async function send(claimed: ClaimedAttempt, settings: DeliverySettings): Promise<{ record: AttemptRecord; ok: boolean }> {
  const startedAt = new Date();
  try {
    const { body, headers } = signedRequest(claimed, startedAt);
    const response = await safeFetch(
      claimed.endpoint.url,
      { method: "POST", headers, body },
      { timeoutMs: settings.timeoutMs, maxBodyBytes: MAX_RESPONSE_BYTES, env: settings.env, lookup: settings.lookup },
    );
    const ok = response.status >= 200 && response.status < 300;
    return {
      ok,
      record: {
        startedAt,
        durationMs: response.durationMs,
        responseStatus: response.status,
        responseBodyExcerpt: response.preview.slice(0, PREVIEW_BYTES),
        error: ok ? null : failureSentence(response.status, response.headers),
      },
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const durationMs = error instanceof SafeFetchError ? error.durationMs : Date.now() - startedAt.getTime();
    return { ok: false, record: { startedAt, durationMs, responseStatus: null, responseBodyExcerpt: null, error: message } };
  }
}

/**
 * Makes attempt `job.attempt` of a delivery: claims it (a duplicate job claims nothing and returns
 * null), sends it (URL checked again now, after DNS), logs the attempt and decides what follows.
 * Returns the next attempt to enqueue, or null when the delivery is settled (or was not ours).
 */
export async function attemptDelivery(job: DueDelivery, settings: DeliverySettings): Promise<{ at: Date; next: DueDelivery } | null> {
  const claimed = await claimDeliveryAttempt(job.deliveryId, job.attempt, attemptLeaseMs(settings));
  if (!claimed) return null;
  if (!claimed.endpoint.enabled) {
    const record = { startedAt: new Date(), durationMs: 0, responseStatus: null, responseBodyExcerpt: null, error: ENDPOINT_DISABLED };
    await recordDeliveryAttempt(claimed, record, { kind: "failed", error: ENDPOINT_DISABLED, markEndpointFailing: false });
    return null;
  }
  const { record, ok } = await send(claimed, settings);
  let outcome: AttemptOutcome;
  if (ok) outcome = { kind: "succeeded" };
  else {
    const decision = nextRetry(job.attempt, claimed.delivery.createdAt, new Date(), settings.backoff);
    outcome =
      decision.kind === "retry" ? decision : { kind: "failed", error: record.error ?? "The delivery failed.", markEndpointFailing: true };
  }
  await recordDeliveryAttempt(claimed, record, outcome);
  return outcome.kind === "retry" ? { at: outcome.at, next: { deliveryId: job.deliveryId, attempt: job.attempt + 1 } } : null;
}
