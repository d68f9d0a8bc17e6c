import { z } from "zod";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "./webhook-payloads/v1";
import { trimmedText } from "./text";

/** The types an endpoint may subscribe to: every v1 type but the test event, which goes to one endpoint on demand. */
export const SUBSCRIBABLE_EVENT_TYPES = WEBHOOK_EVENT_TYPES.filter((type) => type !== "webhook.test") as Exclude<
  WebhookEventType,
  "webhook.test"
>[];
export const subscribableEventTypeSchema = z.enum(SUBSCRIBABLE_EVENT_TYPES as [string, ...string[]]);

/** What each type means, for the settings form. */
export const EVENT_TYPE_DESCRIPTIONS: Record<(typeof SUBSCRIBABLE_EVENT_TYPES)[number], string> = {
  "inbox.item.created": "The agent posted an inbox item",
  "inbox.item.resolved": "An inbox item was answered",
  "approval.requested": "The agent asks for a tool approval",
  "approval.resolved": "A tool approval was decided",
  "form.completed": "A form was submitted",
  "run.completed": "A run of the agent finished",
  "run.failed": "A run of the agent failed",
  "usage.threshold": "This month's usage reached 80% or 100% of a plan limit",
};

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 500;

const url = z
  .string()
  .trim()
  .min(1, "Enter the URL that receives the events.")
  .max(WEBHOOK_URL_MAX, `At most ${WEBHOOK_URL_MAX} characters.`)
  .refine((value) => URL.canParse(value), "Enter an absolute URL, e.g. https://example.com/webhooks/handoff.");
const eventTypes = z
  .array(subscribableEventTypeSchema)
  .min(1, "Choose at least one event type.")
  .transform((types) => [...new Set(types)]);
const description = trimmedText().max(WEBHOOK_DESCRIPTION_MAX, `At most ${WEBHOOK_DESCRIPTION_MAX} characters.`);

/** POST /api/orgs/{slug}/webhooks. */
export const createWebhookEndpointSchema = z.object({
  url,
  description: description.default(""),
  event_types: eventTypes,
  enabled: z.boolean().default(true),
});
export type CreateWebhookEndpointInput = z.input<typeof createWebhookEndpointSchema>;

/** PATCH /api/orgs/{slug}/webhooks/{endpointId}: any of the fields. */
export const updateWebhookEndpointSchema = z
  .object({ url, description, event_types: eventTypes, enabled: z.boolean() })
  .partial()
  .refine((body) => Object.keys(body).length > 0, "Send at least one of url, description, event_types, enabled.");

/** An endpoint as admins see it: never its secret. */
export const webhookEndpointViewSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  event_types: z.array(z.string()),
  enabled: z.boolean(),
  failing_since: z.string().nullable(),
  last_error: z.string().nullable(),
  /** Until when the previous secret still signs (after a rotation), or null. */
  previous_secret_expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookEndpointView = z.infer<typeof webhookEndpointViewSchema>;

export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointViewSchema) });

/** Creation and rotation answer with the secret, this once. */
export const webhookEndpointWithSecretSchema = z.object({ endpoint: webhookEndpointViewSchema, secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookAttemptViewSchema = z.object({
  attempt_number: z.number().int(),
  started_at: z.string(),
  duration_ms: z.number().int(),
  response_status: z.number().int().nullable(),
  /** The first 1 KB of the receiver's answer. */
  response_body: z.string().nullable(),
  error: z.string().nullable(),
});

export const webhookDeliveryViewSchema = z.object({
  id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  status: z.enum(["pending", "succeeded", "failed"]),
  attempt_count: z.number().int(),
  next_attempt_at: z.string().nullable(),
  resend_of_id: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  attempts: z.array(webhookAttemptViewSchema),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryViewSchema>;

export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliveryViewSchema), next_cursor: z.string().nullable() });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

export const webhookDeliveryListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
