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

/** A Stripe call whose failure (unreachable, refused) is a 503 that says to retry, never a 500 or Stripe's own text. */
export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      logger.warn("a Stripe request failed", {
        type: error.type,
        code: error.code,
        statusCode: error.statusCode,
        requestId: error.requestId,
      });
      throw new AppError(503, "stripe_unavailable", "Stripe did not accept the request. Try again in a minute.");
    }
    throw error;
  }
}
