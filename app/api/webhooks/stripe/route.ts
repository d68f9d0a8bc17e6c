import { receiveStripeWebhook } from "@/lib/server/billing/stripe-webhook";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { publicRoute } from "@/lib/server/http/route-builders";

/**
 * Stripe's webhook (docs/billing.md). No session: Stripe's signature over the raw body is the
 * sender's proof, so the body is read by the receiver itself, once, capped at 1 MB. With billing off: 409.
 */
export const POST = publicRoute({}, async (_ctx, { request }) => json(await receiveStripeWebhook(request)));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
