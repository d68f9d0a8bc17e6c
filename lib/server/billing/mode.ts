import { serverEnv, type ServerEnv } from "@/lib/server/env";

export type BillingMode = "off" | "stripe";

/** `BILLING`, or by default `stripe` when a Stripe key is set and `off` otherwise (`npm run dev` with no key: off). */
export function billingMode(env: Pick<ServerEnv, "BILLING" | "STRIPE_SECRET_KEY"> = serverEnv()): BillingMode {
  return env.BILLING ?? (env.STRIPE_SECRET_KEY ? "stripe" : "off");
}
