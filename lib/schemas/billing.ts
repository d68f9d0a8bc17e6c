import { z } from "zod";

/**
 * The billing and usage API's shapes (docs/billing.md): one schema per answer, which the routes
 * build, the pages read and the OpenAPI document shows. A limit of `null` means none (`BILLING=off`).
 */

const time = z.iso.datetime({ offset: true });
const limit = z.number().int().nonnegative().nullable();

export const planKeySchema = z.enum(["free", "pro"]);
export const limitMetricSchema = z.enum(["messages", "tokens", "seats", "apiRequests", "webhookEndpoints", "forms"]);

export const planLimitsSchema = z.object({
  messages: limit,
  tokens: limit,
  seats: limit,
  apiRequests: limit,
  webhookEndpoints: limit,
  forms: limit,
});

export const planSchema = z.object({
  key: planKeySchema,
  name: z.string(),
  price: z.string(),
  limits: planLimitsSchema,
  overage: z.boolean(),
  features: z.array(z.string()),
});

/** GET /api/orgs/{slug}/billing: owners and admins. */
export const billingStateSchema = z.object({
  mode: z.enum(["off", "stripe"]),
  /** With `mode: off`: the sentence telling an operator how to switch billing on. */
  configure_hint: z.string().nullable(),
  /** The plan whose limits apply now; null with `mode: off`. */
  plan: planKeySchema.nullable(),
  /** The plan the subscription pays for. */
  subscribed_plan: planKeySchema.nullable(),
  subscription_status: z.string().nullable(),
  current_period_end: time.nullable(),
  cancel_at_period_end: z.boolean(),
  past_due: z.boolean(),
  grace_ends_at: time.nullable(),
  /** The grace period is over: Free's limits apply until payment is fixed. */
  downgraded: z.boolean(),
  /** The asker may open Checkout and the portal (owners). */
  can_manage: z.boolean(),
  /** A Stripe customer exists, so the portal can open. */
  has_customer: z.boolean(),
  plans: z.array(planSchema),
});
export type BillingState = z.infer<typeof billingStateSchema>;

/** POST /api/orgs/{slug}/billing/checkout and /portal: where to send the owner's browser. */
export const billingRedirectSchema = z.object({ url: z.url() });

/** The `details` of a 402 (`code: plan_limit`): which limit, how far, and where an owner upgrades. */
export const planLimitDetailsSchema = z.object({
  metric: limitMetricSchema,
  used: z.number().int().nonnegative(),
  limit: z.number().int().nonnegative(),
  plan: planKeySchema,
  /** The app path of the billing page, for owners; null for everyone else (they ask an owner). */
  upgrade_path: z.string().nullable(),
  /** Only the token edge: another answer holds the last of the allowance; retry when it ends. */
  retry_when_idle: z.boolean().optional(),
});
export type PlanLimitDetails = z.infer<typeof planLimitDetailsSchema>;

const tokenCounts = {
  tokens: z.number().int().nonnegative(),
  tokens_in: z.number().int().nonnegative(),
  tokens_out: z.number().int().nonnegative(),
  cache_read_tokens: z.number().int().nonnegative(),
  cache_write_tokens: z.number().int().nonnegative(),
};

export const usageWarningSchema = z.object({
  metric: z.enum(["messages", "tokens", "apiRequests"]),
  percent: z.union([z.literal(80), z.literal(100)]),
});

/** GET /api/orgs/{slug}/usage?month=YYYY-MM: owners and admins. CSV: /api/orgs/{slug}/usage/export?month=YYYY-MM. */
export const usageReportSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  /** The months the report can be asked for, newest first: this month (UTC, the server's clock) and the 24 before. */
  months: z.array(z.string().regex(/^\d{4}-\d{2}$/)),
  period: z.object({ start: time, end: time }),
  plan: planKeySchema.nullable(),
  limits: planLimitsSchema,
  totals: z.object({
    messages: z.number().int().nonnegative(),
    api_requests: z.number().int().nonnegative(),
    seats: z.number().int().nonnegative(),
    webhook_endpoints: z.number().int().nonnegative(),
    forms: z.number().int().nonnegative(),
    ...tokenCounts,
  }),
  /** Metrics at or over 80% / 100% of their limit this month. */
  warnings: z.array(usageWarningSchema),
  /** Every day of the month up to today (or the month's end), zeros included. */
  by_day: z.array(z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), messages: z.number().int().nonnegative(), ...tokenCounts })),
  by_member: z.array(
    z.object({
      user_id: z.string().nullable(),
      name: z.string().nullable(),
      email: z.string().nullable(),
      messages: z.number().int().nonnegative(),
      ...tokenCounts,
    }),
  ),
  by_conversation: z.array(
    z.object({ conversation_id: z.string(), title: z.string().nullable(), messages: z.number().int().nonnegative(), ...tokenCounts }),
  ),
  by_model: z.array(z.object({ model: z.string(), ...tokenCounts })),
});
export type UsageReport = z.infer<typeof usageReportSchema>;
