/**
 * The plans, as a typed map (after vercel/chatbot's `entitlements.ts`): each plan's monthly limits
 * and the features it includes. The one place a limit is written; the admission checks, the usage
 * page, the billing page and docs/billing.md read it from here.
 */

export const PLAN_KEYS = ["free", "pro"] as const;
export type PlanKey = (typeof PLAN_KEYS)[number];

/** What a month may use (messages, tokens, API requests) and what may exist at once (seats, endpoints, forms). */
export interface PlanLimits {
  /** Messages people and API keys send in a calendar month (UTC). */
  messages: number;
  /**
   * Model tokens in a calendar month: input + output + cache read + cache write. On a plan with
   * `overage`, this is the allowance: usage above it is billed, not refused, up to `tokensHardCap`.
   */
  tokens: number;
  /** Members, owners included; checked when an invite is accepted. */
  seats: number;
  /** Requests to /api/v1 in a calendar month. */
  apiRequests: number;
  /** Outbound webhook endpoints at once. */
  webhookEndpoints: number;
  /** Form definitions at once. */
  forms: number;
}

export type LimitMetric = keyof PlanLimits;
export const LIMIT_METRICS = [
  "messages",
  "tokens",
  "seats",
  "apiRequests",
  "webhookEndpoints",
  "forms",
] as const satisfies readonly LimitMetric[];

export interface Plan {
  key: PlanKey;
  name: string;
  /** What the pricing line says; the charge itself is Stripe's price (`STRIPE_PRICE_PRO`). */
  price: string;
  limits: PlanLimits;
  /** Tokens above `limits.tokens` are reported to Stripe as meter events and invoiced. */
  overage: boolean;
  /** With `overage`: the most tokens a month may use at all, so a runaway loop cannot bill without end. */
  tokensHardCap: number;
  /** The features the plan includes, as the billing page lists them. */
  features: readonly string[];
}

export const PLANS = {
  free: {
    key: "free",
    name: "Free",
    price: "$0",
    limits: { messages: 300, tokens: 1_000_000, seats: 3, apiRequests: 1_000, webhookEndpoints: 1, forms: 3 },
    overage: false,
    tokensHardCap: 1_000_000,
    features: ["Chat with the agent, cards and durable waits", "Inbox items and inbound webhooks", "MCP connectors and HTTP tools"],
  },
  pro: {
    key: "pro",
    name: "Pro",
    price: "$49 per month",
    limits: { messages: 20_000, tokens: 20_000_000, seats: 25, apiRequests: 200_000, webhookEndpoints: 20, forms: 100 },
    overage: true,
    tokensHardCap: 200_000_000,
    features: [
      "Everything in Free",
      "20 million model tokens a month included; more is billed per token",
      "25 seats, 20 webhook endpoints, 100 forms",
      "The customer portal for invoices and payment methods",
    ],
  },
} as const satisfies Record<PlanKey, Plan>;

/** `BILLING=off`: no limit at all (self-hosted). */
export const UNLIMITED: PlanLimits = {
  messages: Number.POSITIVE_INFINITY,
  tokens: Number.POSITIVE_INFINITY,
  seats: Number.POSITIVE_INFINITY,
  apiRequests: Number.POSITIVE_INFINITY,
  webhookEndpoints: Number.POSITIVE_INFINITY,
  forms: Number.POSITIVE_INFINITY,
};

export const planOf = (key: PlanKey): Plan => PLANS[key];

/** The token count a limit compares: every kind of token the model was paid for. */
export const totalTokens = (usage: { tokensIn: number; tokensOut: number; cacheReadTokens: number; cacheWriteTokens: number }) =>
  usage.tokensIn + usage.tokensOut + usage.cacheReadTokens + usage.cacheWriteTokens;
