import { z } from "zod";

/**
 * The parts of Stripe's objects the webhook reads (API version pinned in stripe-client.ts), as zod
 * schemas: a signed event whose object does not have this shape is recorded and applies nothing,
 * never a 500. Expandable fields are an id or an object with one.
 */

const expandableId = z
  .union([z.string(), z.object({ id: z.string() })])
  .nullish()
  .transform((value) => (typeof value === "string" ? value : (value?.id ?? null)));
const metadata = z.record(z.string(), z.string()).nullish();

export const stripeEventSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  created: z.number().int().nonnegative(),
  data: z.object({ object: z.unknown() }),
});
export type StripeEventEnvelope = z.infer<typeof stripeEventSchema>;

export const checkoutSessionSchema = z.object({
  id: z.string(),
  client_reference_id: z.string().nullish(),
  customer: expandableId,
  subscription: expandableId,
  metadata,
});
export type CheckoutSessionObject = z.infer<typeof checkoutSessionSchema>;

export const subscriptionSchema = z.object({
  id: z.string(),
  customer: expandableId,
  status: z.string(),
  cancel_at_period_end: z.boolean().default(false),
  metadata,
  items: z.object({
    data: z.array(
      z.object({
        price: z.object({ id: z.string() }),
        // From API 2025-03-31 on, the period lives on each item, not on the subscription.
        current_period_end: z.number().int().nullish(),
      }),
    ),
  }),
});
export type SubscriptionObject = z.infer<typeof subscriptionSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  customer: expandableId,
  parent: z.object({ subscription_details: z.object({ subscription: expandableId, metadata }).nullish() }).nullish(),
});
export type InvoiceObject = z.infer<typeof invoiceSchema>;
