import Stripe from "stripe";
import { serverEnv, type ServerEnv } from "@/lib/server/env";
import { AppError } from "@/lib/server/http/app-error";
import { logger } from "@/lib/server/logger";
import { billingNotConfigured } from "./not-configured";

/**
 * The one Stripe client (the `stripe` package), from the env module. The API version is pinned,
 * so a Stripe account upgraded in the dashboard cannot change the shapes the webhook reads
 * (`current_period_end` lives on the subscription item from 2025 on).
 */
export const STRIPE_API_VERSION = "2026-10-28.endive" satisfies Stripe.LatestApiVersion;

export type StripeHostOptions = Pick<Stripe.StripeConfig, "host" | "port" | "protocol">;

/** `STRIPE_API_URL` as the client's host/port/protocol (the tests' local fake); unset: Stripe's own API. */
export function stripeHostOptions(apiUrl: string | undefined): StripeHostOptions {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}

let cached: { key: string; apiUrl: string | undefined; client: Stripe } | null = null;

/** The client for the configured key; 409 with a sentence when billing has no key (BILLING off). */
export function stripeClient(env: Pick<ServerEnv, "STRIPE_SECRET_KEY" | "STRIPE_API_URL"> = serverEnv()): Stripe {
  const key = env.STRIPE_SECRET_KEY;
  if (!key) throw billingNotConfigured();
  if (cached && cached.key === key && cached.apiUrl === env.STRIPE_API_URL) return cached.client;
  const client = new Stripe(key, {
    apiVersion: STRIPE_API_VERSION,
    ...stripeHostOptions(env.STRIPE_API_URL),
    // One retry on a network error; the client adds an idempotency key to retried POSTs itself.
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
  });
  cached = { key, apiUrl: env.STRIPE_API_URL, client };
  return client;
}

/** Signature checks need no key: `Stripe.webhooks` is the same verifier without a client. */
export const stripeWebhooks = Stripe.webhooks;

/** Whether Stripe answered that `param` (e.g. `customer`) names an object it does not have (deleted, or of another account). */
export const isMissingResource = (error: unknown, param: string) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing" && error.param === param;

/** A Stripe failure as the answer that says what to do next; Stripe's own text stays in the log. */
export function stripeFailure(error: InstanceType<typeof Stripe.errors.StripeError>): AppError {
  if (error instanceof Stripe.errors.StripeIdempotencyError)
    return new AppError(
      409,
      "stripe_retry_conflict",
      "Stripe is still handling an earlier attempt of this request. Try again in a moment.",
    );
  if (error instanceof Stripe.errors.StripeAuthenticationError || error instanceof Stripe.errors.StripePermissionError)
    return new AppError(409, "stripe_misconfigured", "Stripe refused the server's key. An administrator must check STRIPE_SECRET_KEY.");
  if (error instanceof Stripe.errors.StripeInvalidRequestError)
    return new AppError(
      409,
      "stripe_refused",
      `Stripe refused the request${error.param ? ` (its ${error.param})` : ""}. Trying again will not help: an administrator must check the billing configuration (docs/billing.md).`,
    );
  return new AppError(503, "stripe_unavailable", "Stripe could not be reached. Try again in a minute.");
}

/**
 * A Stripe call whose failure is an answer that says what to do, never a 500 or Stripe's own text:
 * an outage (unreachable, 5xx, rate limited) is 503 "try again"; a refused request (a wrong price or
 * key, a reused idempotency key) says that retrying will not help.
 */
export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      logger.warn("a Stripe request failed", {
        type: error.type,
        code: error.code,
        param: error.param,
        statusCode: error.statusCode,
        requestId: error.requestId,
      });
      throw stripeFailure(error);
    }
    throw error;
  }
}
