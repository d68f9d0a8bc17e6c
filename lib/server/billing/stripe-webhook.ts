import Stripe from "stripe";
import { z } from "zod";
import { recordAudit } from "@/lib/db/audit";
import { organizationOfStripeCustomer, updateLockedBilling } from "@/lib/db/billing";
import type { Prisma } from "@/lib/db/generated/client";
import { organizationExists, takeStripeEvent } from "@/lib/db/stripe-events";
import { serverEnv, type ServerEnv } from "@/lib/server/env";
import { AppError } from "@/lib/server/http/app-error";
import { readCappedBytes } from "@/lib/server/http/read-capped";
import { logger } from "@/lib/server/logger";
import { billingNotConfigured } from "./not-configured";
import { billingMode } from "./mode";
import { checkoutVerdict, ignoresSubscription, invoicePatch, subscriptionPatch, type SubscriptionChange } from "./stripe-event-effects";
import { isMissingResource, stripeClient, stripeWebhooks } from "./stripe-client";
import {
  checkoutSessionSchema,
  invoiceSchema,
  stripeEventSchema,
  subscriptionSchema,
  type CheckoutSessionObject,
  type StripeEventEnvelope,
  type SubscriptionObject,
} from "./stripe-objects";
import type { LockedBilling, BillingPatch } from "@/lib/db/billing";

/** What one Stripe event may weigh (Stripe's are a few KB; a subscription with many items stays far below). */
export const STRIPE_WEBHOOK_MAX_BYTES = 1024 * 1024;

export const stripeWebhookReceiptSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
export type StripeWebhookReceipt = z.infer<typeof stripeWebhookReceiptSchema>;

type WebhookEnv = Pick<ServerEnv, "BILLING" | "STRIPE_SECRET_KEY" | "STRIPE_API_URL" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_PRICE_PRO">;

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

type Decide = (stored: LockedBilling, tx: Prisma.TransactionClient) => Promise<BillingPatch | null>;

interface Plan {
  organizationId: string | null;
  decide: Decide | null;
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

/** How long the webhook waits for Stripe's answer on a re-read (under the row's lock): Stripe redelivers after a 503. */
const RETRIEVE_TIMEOUT_MS = 10_000;

/**
 * The subscription as it is now. An event's own object is its state at `created`, which has whole
 * seconds, so two events of one second cannot be ordered; the current state can. Read under the
 * row's lock, it is at least as new as anything applied before. Stripe away: 503, so the event (its
 * row rolled back with the transaction) is delivered again. An id Stripe does not know: null.
 */
async function currentSubscription(id: string, env: WebhookEnv): Promise<SubscriptionObject | null> {
  let object: unknown;
  try {
    object = await stripeClient(env).subscriptions.retrieve(id, {}, { timeout: RETRIEVE_TIMEOUT_MS, maxNetworkRetries: 0 });
  } catch (error) {
    if (isMissingResource(error, "id")) return null;
    logger.warn("a subscription could not be re-read from Stripe; the event waits for Stripe's redelivery", {
      id,
      code: error instanceof Stripe.errors.StripeError ? error.code : undefined,
    });
    throw new AppError(503, "stripe_unavailable", "Stripe could not be reached to read the subscription. Deliver the event again later.");
  }
  const parsed = subscriptionSchema.safeParse(object);
  return parsed.success ? parsed.data : null;
}

/** checkout.session.completed: applied only for the organization's own customer; a second live subscription is logged and audited, not stored. */
function checkoutDecision(event: StripeEventEnvelope, session: CheckoutSessionObject, organizationId: string | null): Decide {
  return async (stored, tx) => {
    const verdict = checkoutVerdict(stored, session);
    if (verdict.kind === "apply") return verdict.patch;
    if (verdict.kind === "foreign_customer") {
      logger.warn("a completed Checkout's customer is not the organization's; nothing applied", { id: event.id, organizationId });
      return null;
    }
    logger.warn("a completed Checkout started a second subscription; the first one is kept", { id: event.id, organizationId, ...verdict });
    await recordAudit(
      {
        organizationId: organizationId!,
        actorId: null,
        action: "billing.second_subscription",
        target: verdict.refused,
        metadata: { kept: verdict.kept, refused: verdict.refused, event: event.id },
      },
      tx,
    );
    return null;
  };
}

/** Which organization the event is about, and what it changes there; NOTHING for other types, unknown organizations or shapes. */
async function planFor(event: StripeEventEnvelope, env: WebhookEnv & { STRIPE_PRICE_PRO: string }): Promise<Plan> {
  const at = new Date(event.created * 1000);
  const object = event.data.object;
  if (event.type === "checkout.session.completed") {
    const session = checkoutSessionSchema.safeParse(object);
    if (!session.success) return NOTHING;
    // Our metadata first; the reference is the same id, and the customer check below is what makes it trustworthy.
    const organizationId = await known(session.data.metadata?.organization_id ?? session.data.client_reference_id);
    return { organizationId, decide: checkoutDecision(event, session.data, organizationId) };
  }
  const change = SUBSCRIPTION_CHANGES[event.type];
  if (change) {
    const subscription = subscriptionSchema.safeParse(object);
    if (!subscription.success) return NOTHING;
    const organizationId = (await known(subscription.data.metadata?.organization_id)) ?? (await byCustomer(subscription.data.customer));
    return {
      organizationId,
      decide: async (stored) => {
        if (ignoresSubscription(stored, subscription.data.id, change)) return null;
        // A deletion is final: its own object is the last state there is.
        const current = change === "deleted" ? subscription.data : await currentSubscription(subscription.data.id, env);
        return current && subscriptionPatch(stored, current, change, at, env.STRIPE_PRICE_PRO);
      },
    };
  }
  if (event.type === "invoice.paid" || event.type === "invoice.payment_failed") {
    const invoice = invoiceSchema.safeParse(object);
    if (!invoice.success) return NOTHING;
    const organizationId =
      (await byCustomer(invoice.data.customer)) ?? (await known(invoice.data.parent?.subscription_details?.metadata?.organization_id));
    const paid = event.type === "invoice.paid";
    return { organizationId, decide: async (stored) => invoicePatch(stored, paid, at) };
  }
  return NOTHING;
}

/**
 * POST /api/webhooks/stripe: the raw body (capped), its signature, then in one transaction the
 * event's row and its effect (takeStripeEvent). Every verified event is recorded, whatever its type;
 * one naming no organization of ours, or of a type Handoff does not read, applies nothing. With
 * billing off it is 409 and nothing is read or recorded.
 */
export async function receiveStripeWebhook(
  request: Request,
  env: WebhookEnv = serverEnv(),
  now = new Date(),
): Promise<StripeWebhookReceipt> {
  const secret = env.STRIPE_WEBHOOK_SECRET;
  const proPrice = env.STRIPE_PRICE_PRO;
  if (billingMode(env) === "off" || !secret || !proPrice) throw billingNotConfigured();
  const body = Buffer.from(await readCappedBytes(request, STRIPE_WEBHOOK_MAX_BYTES, tooLarge)).toString("utf8");
  const event = verifiedEvent(body, request.headers.get("stripe-signature"), secret, now);
  const plan = await planFor(event, { ...env, STRIPE_PRICE_PRO: proPrice });
  const row = { id: event.id, type: event.type, organizationId: plan.organizationId, createdAt: new Date(event.created * 1000) };
  const { organizationId, decide } = plan;
  const taken = await takeStripeEvent(row, async (tx) => {
    if (organizationId && decide) await updateLockedBilling(tx, organizationId, (stored) => decide(stored, tx));
  });
  if (!taken.duplicate && !organizationId)
    logger.info("a Stripe event named no organization of ours; recorded, nothing applied", { id: event.id, type: event.type });
  return { received: true, duplicate: taken.duplicate };
}
