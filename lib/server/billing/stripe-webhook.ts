import Stripe from "stripe";
import { z } from "zod";
import { organizationOfStripeCustomer, updateLockedBilling } from "@/lib/db/billing";
import { organizationExists, takeStripeEvent } from "@/lib/db/stripe-events";
import { serverEnv, type ServerEnv } from "@/lib/server/env";
import { AppError } from "@/lib/server/http/app-error";
import { readCappedBytes } from "@/lib/server/http/read-capped";
import { logger } from "@/lib/server/logger";
import { billingNotConfigured } from "./not-configured";
import { checkoutPatch, invoicePatch, subscriptionPatch, type SubscriptionChange } from "./stripe-event-effects";
import { stripeWebhooks } from "./stripe-client";
import { checkoutSessionSchema, invoiceSchema, stripeEventSchema, subscriptionSchema, type StripeEventEnvelope } from "./stripe-objects";
import type { LockedBilling, BillingPatch } from "@/lib/db/billing";

/** What one Stripe event may weigh (Stripe's are a few KB; a subscription with many items stays far below). */
export const STRIPE_WEBHOOK_MAX_BYTES = 1024 * 1024;

export const stripeWebhookReceiptSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
export type StripeWebhookReceipt = z.infer<typeof stripeWebhookReceiptSchema>;

type WebhookEnv = Pick<ServerEnv, "STRIPE_WEBHOOK_SECRET" | "STRIPE_PRICE_PRO">;

const refused = (reason: string) => new AppError(400, "signature_refused", `The Stripe event was refused: ${reason}.`);
const tooLarge = () => new AppError(413, "payload_too_large", `The event is larger than ${STRIPE_WEBHOOK_MAX_BYTES / 1024} KB.`);

/** The event from the raw bytes, if Stripe signed exactly these bytes within the tolerance (300 s by default). */
function verifiedEvent(body: string, signature: string | null, secret: string, now: Date): StripeEventEnvelope {
  if (!signature) throw refused("the Stripe-Signature header is missing");
  let event: unknown;
  try {
    event = stripeWebhooks.constructEvent(body, signature, secret, undefined, undefined, now.getTime());
  } catch (error) {
    // A signature error or, after a good signature, a body that is not JSON: neither is a server fault.
    if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw refused("its body is not JSON");
    throw refused(error.message.startsWith("Timestamp") ? "its signature is older than five minutes" : "its signature does not match");
  }
  const parsed = stripeEventSchema.safeParse(event);
  if (!parsed.success) throw refused("it is not a Stripe event");
  return parsed.data;
}

interface Plan {
  organizationId: string | null;
  decide: ((stored: LockedBilling) => BillingPatch | null) | null;
}

const NOTHING: Plan = { organizationId: null, decide: null };

async function known(organizationId: string | null | undefined): Promise<string | null> {
  return organizationId && (await organizationExists(organizationId)) ? organizationId : null;
}
const byCustomer = async (customer: string | null) => (customer ? organizationOfStripeCustomer(customer) : null);

const SUBSCRIPTION_CHANGES: Record<string, SubscriptionChange> = {
  "customer.subscription.created": "created",
  "customer.subscription.updated": "updated",
  "customer.subscription.deleted": "deleted",
};

/** Which organization the event is about, and what it changes there; NOTHING for other types, unknown organizations or shapes. */
async function planFor(event: StripeEventEnvelope, proPrice: string): Promise<Plan> {
  const at = new Date(event.created * 1000);
  const object = event.data.object;
  if (event.type === "checkout.session.completed") {
    const session = checkoutSessionSchema.safeParse(object);
    if (!session.success) return NOTHING;
    const organizationId = await known(session.data.client_reference_id ?? session.data.metadata?.organization_id);
    return { organizationId, decide: (stored) => checkoutPatch(stored, session.data) };
  }
  const change = SUBSCRIPTION_CHANGES[event.type];
  if (change) {
    const subscription = subscriptionSchema.safeParse(object);
    if (!subscription.success) return NOTHING;
    const organizationId = (await known(subscription.data.metadata?.organization_id)) ?? (await byCustomer(subscription.data.customer));
    return { organizationId, decide: (stored) => subscriptionPatch(stored, subscription.data, change, at, proPrice) };
  }
  if (event.type === "invoice.paid" || event.type === "invoice.payment_failed") {
    const invoice = invoiceSchema.safeParse(object);
    if (!invoice.success) return NOTHING;
    const organizationId =
      (await byCustomer(invoice.data.customer)) ?? (await known(invoice.data.parent?.subscription_details?.metadata?.organization_id));
    const paid = event.type === "invoice.paid";
    return { organizationId, decide: (stored) => invoicePatch(stored, paid, at) };
  }
  return NOTHING;
}

/**
 * POST /api/webhooks/stripe: the raw body (capped), its signature, then in one transaction the
 * event's row and its effect (takeStripeEvent). Every verified event is recorded, whatever its type;
 * one naming no organization of ours, or of a type Handoff does not read, applies nothing.
 */
export async function receiveStripeWebhook(
  request: Request,
  env: WebhookEnv = serverEnv(),
  now = new Date(),
): Promise<StripeWebhookReceipt> {
  const secret = env.STRIPE_WEBHOOK_SECRET;
  if (!secret || !env.STRIPE_PRICE_PRO) throw billingNotConfigured();
  const body = Buffer.from(await readCappedBytes(request, STRIPE_WEBHOOK_MAX_BYTES, tooLarge)).toString("utf8");
  const event = verifiedEvent(body, request.headers.get("stripe-signature"), secret, now);
  const plan = await planFor(event, env.STRIPE_PRICE_PRO);
  const row = { id: event.id, type: event.type, organizationId: plan.organizationId, createdAt: new Date(event.created * 1000) };
  const { organizationId, decide } = plan;
  const taken = await takeStripeEvent(row, async (tx) => {
    if (organizationId && decide) await updateLockedBilling(tx, organizationId, decide);
  });
  if (!taken.duplicate && !organizationId)
    logger.info("a Stripe event named no organization of ours; recorded, nothing applied", { id: event.id, type: event.type });
  return { received: true, duplicate: taken.duplicate };
}
