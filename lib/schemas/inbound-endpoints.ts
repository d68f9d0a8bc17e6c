import { z } from "zod";
import { trimmedText } from "./text";

/** How a sender proves itself to an inbound endpoint. */
export const INBOUND_AUTH_KINDS = ["standard_webhooks", "hub_signature", "bearer"] as const;
export const inboundAuthKindSchema = z.enum(INBOUND_AUTH_KINDS);
export type InboundAuthKind = z.infer<typeof inboundAuthKindSchema>;

export const INBOUND_AUTH_KIND_LABELS: Record<InboundAuthKind, string> = {
  standard_webhooks: "Standard Webhooks signature",
  hub_signature: "GitHub-style X-Hub-Signature-256",
  bearer: "Bearer token",
};

export const INBOUND_NAME_MAX = 100;
export const INBOUND_TAGS_MAX = 20;
export const INBOUND_DEFAULT_WINDOW_MINUTES = 24 * 60;
export const INBOUND_MAX_WINDOW_MINUTES = 7 * 24 * 60;
export const INBOUND_EVENTS_PAGE_SIZE = 50;

/** A dotted path into JSON: names and array indexes, e.g. `data.order_id` or `items.0.id`. */
const DOTTED_PATH = /^[^.\s]+(\.[^.\s]+)*$/;
const pathSchema = trimmedText()
  .min(1, "Give a dotted path, e.g. data.order_id.")
  .max(200, "At most 200 characters.")
  .regex(DOTTED_PATH, "Use names separated by dots, e.g. data.order_id or items.0.id (no spaces, no empty parts).");

const tagSchema = trimmedText().min(1, "A tag cannot be empty.").max(100, "A tag has at most 100 characters.");
const tagsSchema = z
  .array(tagSchema)
  .min(1, "Name at least one tag this endpoint may resolve.")
  .max(INBOUND_TAGS_MAX, `At most ${INBOUND_TAGS_MAX} tags.`)
  .transform((tags) => [...new Set(tags)]);
const nameSchema = trimmedText().min(1, "Give the endpoint a name.").max(INBOUND_NAME_MAX, `At most ${INBOUND_NAME_MAX} characters.`);
const windowSchema = z
  .number()
  .int("Whole minutes.")
  .min(0, "At least 0 minutes.")
  .max(INBOUND_MAX_WINDOW_MINUTES, `At most ${INBOUND_MAX_WINDOW_MINUTES} minutes (7 days).`);

/** POST /api/orgs/{slug}/inbound-endpoints. */
export const createInboundEndpointSchema = z.object({
  name: nameSchema,
  tags: tagsSchema,
  authKind: inboundAuthKindSchema,
  correlationPath: pathSchema,
  responsePath: pathSchema.nullish(),
  earlyWindowMinutes: windowSchema.default(INBOUND_DEFAULT_WINDOW_MINUTES),
});
export type CreateInboundEndpointInput = z.input<typeof createInboundEndpointSchema>;

/** PATCH .../{endpointId}: any of the match rule, the name, the tags, enabled. The kind stays (rotate the secret instead). */
export const updateInboundEndpointSchema = z
  .object({
    name: nameSchema,
    tags: tagsSchema,
    correlationPath: pathSchema,
    responsePath: pathSchema.nullable(),
    earlyWindowMinutes: windowSchema,
    enabled: z.boolean(),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, "Send at least one field to change.");
export type UpdateInboundEndpointInput = z.input<typeof updateInboundEndpointSchema>;

export const inboundEndpointViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  tags: z.array(z.string()),
  authKind: inboundAuthKindSchema,
  correlationPath: z.string(),
  responsePath: z.string().nullable(),
  earlyWindowMinutes: z.number(),
  enabled: z.boolean(),
  /** Where senders POST their events. */
  url: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InboundEndpointView = z.infer<typeof inboundEndpointViewSchema>;

export const inboundEndpointListSchema = z.object({ endpoints: z.array(inboundEndpointViewSchema) });

/** The answer to a creation and to a rotation: the secret (or bearer token) this once. */
export const inboundEndpointWithSecretSchema = z.object({ endpoint: inboundEndpointViewSchema, secret: z.string() });
export type InboundEndpointWithSecret = z.infer<typeof inboundEndpointWithSecretSchema>;

export const INBOUND_OUTCOMES = ["refused", "matched", "kept", "expired", "unmatched", "conflict"] as const;
export type InboundOutcome = (typeof INBOUND_OUTCOMES)[number];

/** One row of an endpoint's event log. */
export const inboundEventViewSchema = z.object({
  id: z.string(),
  receivedAt: z.string(),
  verification: z.enum(["verified", "refused"]),
  refusedReason: z.string().nullable(),
  outcome: z.enum(INBOUND_OUTCOMES),
  correlationKey: z.string().nullable(),
  resolvedItemId: z.string().nullable(),
  /** The conversation of the resolved item, for a link; null when it resolved nothing. */
  conversationId: z.string().nullable(),
  keptUntil: z.string().nullable(),
  senderEventId: z.string().nullable(),
});
export type InboundEventView = z.infer<typeof inboundEventViewSchema>;

export const inboundEventListSchema = z.object({ events: z.array(inboundEventViewSchema), nextCursor: z.string().nullable() });
export type InboundEventList = z.infer<typeof inboundEventListSchema>;

/** What the receiver answers a sender. */
export const inboundReceiptSchema = z.object({
  outcome: z.enum(INBOUND_OUTCOMES),
  item_id: z.string().nullable(),
  kept_until: z.string().nullable(),
  duplicate: z.boolean(),
  message: z.string(),
});
export type InboundReceipt = z.infer<typeof inboundReceiptSchema>;
