/**
 * The environment of an app server with billing on (BILLING=stripe). `stripeUrl`: the local fake
 * Stripe API (tests/support/fake-stripe.ts) the real `stripe` client is pointed at; a test that makes
 * no Stripe call may leave it at a closed port. Plans are set by writing OrganizationBilling rows.
 */
export const TEST_STRIPE_WEBHOOK_SECRET = "whsec_test_handoff_0123456789abcdef";
export const TEST_STRIPE_PRICE_PRO = "price_test_pro";
export const TEST_STRIPE_PRICE_PRO_OVERAGE = "price_test_pro_overage";

export function billingOnEnv(stripeUrl = "http://127.0.0.1:9"): Record<string, string> {
  return {
    BILLING: "stripe",
    STRIPE_SECRET_KEY: "sk_test_handoff_fake",
    STRIPE_WEBHOOK_SECRET: TEST_STRIPE_WEBHOOK_SECRET,
    STRIPE_PRICE_PRO: TEST_STRIPE_PRICE_PRO,
    STRIPE_PRICE_PRO_OVERAGE: TEST_STRIPE_PRICE_PRO_OVERAGE,
    STRIPE_API_URL: stripeUrl,
  };
}
