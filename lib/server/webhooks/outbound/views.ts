import type { DeliveryWithAttempts } from "@/lib/db/webhook-deliveries";
import type { EndpointRow } from "@/lib/db/webhook-endpoints";
import type { WebhookDeliveryView, WebhookEndpointView } from "@/lib/schemas/webhook-endpoints";

/** An endpoint as admins see it: never its secrets. */
export const endpointView = (row: EndpointRow): WebhookEndpointView => ({
  id: row.id,
  url: row.url,
  description: row.description,
  event_types: row.eventTypes,
  enabled: row.enabled,
  failing_since: row.failingSince?.toISOString() ?? null,
  last_error: row.lastError,
  previous_secret_expires_at:
    row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date() ? row.previousSecretExpiresAt.toISOString() : null,
  created_at: row.createdAt.toISOString(),
});

export const deliveryView = (row: DeliveryWithAttempts): WebhookDeliveryView => ({
  id: row.id,
  event_id: row.eventId,
  event_type: row.eventType,
  status: row.status as WebhookDeliveryView["status"],
  attempt_count: row.attemptCount,
  next_attempt_at: row.status === "pending" ? (row.nextAttemptAt?.toISOString() ?? null) : null,
  resend_of_id: row.resendOfId,
  created_at: row.createdAt.toISOString(),
  finished_at: row.finishedAt?.toISOString() ?? null,
  attempts: row.attempts.map((attempt) => ({
    attempt_number: attempt.attemptNumber,
    started_at: attempt.startedAt.toISOString(),
    duration_ms: attempt.durationMs,
    response_status: attempt.responseStatus,
    response_body: attempt.responseBodyExcerpt,
    error: attempt.error,
  })),
});
