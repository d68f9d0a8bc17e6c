import { z } from "zod";

/**
 * The server's environment, declared once and validated once (after t3-oss/env's `createEnv`, as a
 * small module of our own: zod 4, server variables only, nothing reaches the browser).
 *
 * Every variable the app reads is declared here with its schema, its default and the sentence the
 * README's configuration table shows (tests/unit/server/env.test.ts keeps the two equal). A bad
 * value stops the server at start (instrumentation.ts) with a sentence naming the variable and what
 * it must be; `parseEnv(record)` builds an environment from a plain record for tests.
 *
 * Not declared here, and read literally where needed: `NODE_ENV`, `NEXT_RUNTIME` and `NEXT_PHASE`,
 * which Next sets itself (and inlines `process.env.NODE_ENV` at build time, so it must stay a
 * literal member expression). `tooling/`, `scripts/` and `tests/` run outside the app and read
 * `process.env` directly.
 */

/** An empty value (`X=`) counts as unset, as a shell user means it. */
const unset = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

interface Variable<T extends z.ZodType = z.ZodType> {
  schema: T;
  /** What a valid value is, for the error sentence: "RUN_LEASE_MS must be <must>". */
  must: string;
  /** The README's "meaning" cell, verbatim. */
  description: string;
}

const text = (description: string): Variable<z.ZodOptional<z.ZodString>> => ({ schema: z.string().optional(), must: "text", description });

const url = (description: string): Variable<z.ZodOptional<z.ZodURL>> => ({
  schema: z.url().optional(),
  must: "an absolute URL such as https://handoff.example.com",
  description,
});

const whole = (min: number, fallback: number, must: string, description: string) => ({
  schema: z.coerce.number().int().min(min).default(fallback),
  must,
  description,
});
const optionalWhole = (min: number, must: string, description: string) => ({
  schema: z.coerce.number().int().min(min).optional(),
  must,
  description,
});

const flag = (description: string) => ({
  schema: z
    .preprocess(
      (value) => (typeof value === "string" ? value.toLowerCase() : value),
      z.enum(["1", "true", "yes", "0", "false", "no"]).optional(),
    )
    .transform((value) => value === "1" || value === "true" || value === "yes"),
  must: "1, true or yes to allow, or 0, false or no",
  description,
});

const GITHUB = "switch on GitHub sign-in";
const GOOGLE = "switch on Google sign-in";
const PROVIDER_KEYS = "server-wide provider keys (a team's own key in agent settings takes precedence)";

export const ENV_VARIABLES = {
  DATABASE_URL: url("use this PostgreSQL instead of the embedded one"),
  AUTH_SECRET: text("signs session tokens; `npm run dev` keeps a generated one in `.data/auth-secret`. Required in production"),
  NEXTAUTH_SECRET: text("older name of `AUTH_SECRET`, read when that is not set"),
  APP_URL: url("public origin used in invite links (default: the request's origin)"),
  AUTH_GITHUB_ID: text(GITHUB),
  AUTH_GITHUB_SECRET: text(GITHUB),
  AUTH_GOOGLE_ID: text(GOOGLE),
  AUTH_GOOGLE_SECRET: text(GOOGLE),
  ANTHROPIC_API_KEY: text(PROVIDER_KEYS),
  OPENAI_API_KEY: text(PROVIDER_KEYS),
  GOOGLE_GENERATIVE_AI_API_KEY: text(PROVIDER_KEYS),
  ENCRYPTION_KEY: text("encrypts tenant secrets at rest (default: derived from `AUTH_SECRET`)"),
  SERVER_KEY_BASE_URLS: text(
    "comma-separated base URLs or origins (e.g. your LLM gateway) that may receive the server-wide provider keys; any other custom base URL needs the team's own key ([docs/models.md](docs/models.md))",
  ),
  ALLOW_PRIVATE_MODEL_URLS: flag(
    "`1` lets agent settings point at private or loopback model servers (Ollama on the same machine); refused otherwise",
  ),
  OUTBOUND_ALLOW_PRIVATE: flag(
    "`1` lets outbound webhooks and MCP connectors reach private, loopback or link-local addresses (a receiver or MCP server on the same machine or network; the tests' local receiver and MCP server; the cloud metadata address stays refused); refused otherwise. Model servers have their own switch, `ALLOW_PRIVATE_MODEL_URLS`",
  ),
  WEBHOOK_TIMEOUT_MS: whole(
    100,
    10_000,
    "a whole number of milliseconds, at least 100",
    "how long one outbound webhook attempt may take, connect to last byte, before it counts as failed (default 10000)",
  ),
  WEBHOOK_RETRY_BASE_MS: whole(
    10,
    5_000,
    "a whole number of milliseconds, at least 10",
    "the first retry delay of a failed outbound webhook; each further one doubles, capped at an hour, with full jitter (default 5000)",
  ),
  WEBHOOK_RETRY_WINDOW_MS: whole(
    1_000,
    86_400_000,
    "a whole number of milliseconds, at least 1000",
    "how long after its creation a failing outbound webhook delivery is retried before it fails and its endpoint is marked failing (default 86400000: 24 hours)",
  ),
  WEBHOOK_SECRET_ROTATION_GRACE_HOURS: whole(
    0,
    24,
    "a whole number of hours, 0 or more",
    "after a webhook secret is rotated, how long the previous secret still signs each delivery as a second signature (default 24)",
  ),
  WEBHOOK_DISPATCH_POLL_MS: whole(
    100,
    5_000,
    "a whole number of milliseconds, at least 100",
    "how often the webhook worker looks for undispatched events and lost deliveries without being woken (default 5000; it is woken at each event's commit too)",
  ),
  TRUSTED_PROXY_HOPS: whole(
    0,
    0,
    "a whole number of proxies, 0 or more",
    "how many reverse proxies in front of the app append to `X-Forwarded-For` (default 0: none, for `npm run dev` and a directly exposed server; the address is then the TCP peer's and `X-Forwarded-For` is ignored). **Set it in production behind a proxy** (1 for one load balancer): the client address for sign-in/sign-up limits and the audit log is then taken that many entries from the right. Next itself fills `X-Forwarded-For` from the socket only when the client sent none, so without a proxy that header proves nothing",
  ),
  PORT: whole(1, 3000, "a whole number, at least 1", "port for `npm run dev` (default 3000)"),
  LOG_LEVEL: {
    schema: z.enum(["debug", "info", "warn", "error"]).default("info"),
    must: "debug, info, warn or error",
    description: "the least severe log line printed: `debug`, `info` (default), `warn` or `error`",
  },
  RUN_LEASE_MS: whole(
    500,
    30_000,
    "a whole number of milliseconds, at least 500",
    "how long a run's lease lasts without a heartbeat before another instance may declare its server dead (default 30000; heartbeats come every third of it)",
  ),
  SSE_HEARTBEAT_MS: whole(
    1,
    15_000,
    "a whole number of milliseconds, at least 1",
    "how often an idle event stream sends a comment heartbeat (default 15000)",
  ),
  BACKGROUND_JOBS_INTERVAL_MS: whole(
    100,
    10_000,
    "a whole number of milliseconds, at least 100",
    "how often each instance sweeps for dead runs and overdue cards (default 10000)",
  ),
  MESSAGE_RATE_LIMIT_PER_MINUTE: whole(
    1,
    60,
    "a whole number, at least 1",
    "messages one user may send per minute over all conversations and instances (default 60)",
  ),
  API_RATE_LIMIT_PER_MINUTE: whole(
    1,
    600,
    "a whole number, at least 1",
    "requests one API key may make to /api/v1 per minute over all instances (default 600)",
  ),
  DEMO_MODEL_WORD_DELAY_MS: optionalWhole(
    0,
    "a whole number of milliseconds, 0 or more",
    "pause of the offline demo model between streamed words (default: the demo model's own; tests set 0)",
  ),
  ATTACHMENT_STORE: {
    schema: z.enum(["postgres", "s3"]).default("postgres"),
    must: "postgres or s3",
    description:
      "where attached files' bytes are kept: `postgres` (default, in the database) or `s3` (an S3-compatible bucket, the `S3_*` variables; [docs/attachments.md](docs/attachments.md))",
  },
  S3_ENDPOINT: url("the S3-compatible server's URL when it is not AWS S3 (MinIO, R2); unset for AWS"),
  S3_REGION: text("the bucket's region (default `us-east-1`)"),
  S3_BUCKET: text("the bucket attached files go to, Handoff's own (objects no file names are swept); required with `ATTACHMENT_STORE=s3`"),
  S3_ACCESS_KEY_ID: text("the access key the server signs its bucket requests with; required with `ATTACHMENT_STORE=s3`"),
  S3_SECRET_ACCESS_KEY: text("the secret of `S3_ACCESS_KEY_ID`; required with `ATTACHMENT_STORE=s3`"),
  S3_FORCE_PATH_STYLE: flag(
    "`1` addresses the bucket as `endpoint/bucket/key` rather than `bucket.endpoint/key` (MinIO and most self-hosted servers need it)",
  ),
  BILLING: {
    schema: z.enum(["off", "stripe"]).optional(),
    must: "off or stripe",
    description:
      "`stripe` meters usage against the plans and bills through Stripe (the `STRIPE_*` variables); `off` (self-hosted) has no limits and hides billing. Default: `stripe` when `STRIPE_SECRET_KEY` is set, else `off` ([docs/billing.md](docs/billing.md))",
  },
  STRIPE_SECRET_KEY: text(
    "the Stripe secret key (`sk_live_...`, `sk_test_...`) Checkout, the portal and meter events are created with; required with `BILLING=stripe`",
  ),
  STRIPE_WEBHOOK_SECRET: text(
    "the signing secret (`whsec_...`) of the Stripe webhook endpoint `/api/webhooks/stripe`; required with `BILLING=stripe`",
  ),
  STRIPE_PRICE_PRO: text("the Stripe price id (`price_...`) of the Pro plan's monthly fee; required with `BILLING=stripe`"),
  STRIPE_PRICE_PRO_OVERAGE: text(
    "the metered Stripe price id of Pro's tokens above its allowance, attached to the meter `STRIPE_METER_EVENT_NAME`; unset: overage is not billed",
  ),
  STRIPE_METER_EVENT_NAME: {
    schema: z
      .string()
      .regex(/^[a-z0-9_]{1,100}$/)
      .default("handoff_overage_tokens"),
    must: "lowercase letters, digits and _",
    description: "the event name of the Stripe Billing Meter that overage tokens are reported to (default `handoff_overage_tokens`)",
  },
  STRIPE_API_URL: url("where the Stripe client sends its requests (default Stripe's own API; the tests point it at a local fake)"),
  BILLING_GRACE_DAYS: whole(
    0,
    7,
    "a whole number of days, 0 or more",
    "how long a past-due subscription keeps its plan's limits before they fall to Free (default 7; nothing is deleted)",
  ),
  ORG_MESSAGE_RATE_LIMIT_PER_MINUTE: whole(
    1,
    600,
    "a whole number, at least 1",
    "messages one organization's people and API keys may send per minute together, over all instances (default 600)",
  ),
  ORG_API_RATE_LIMIT_PER_MINUTE: whole(
    1,
    3000,
    "a whole number, at least 1",
    "requests one organization's API keys may make to /api/v1 per minute together, over all instances (default 3000)",
  ),
} satisfies Record<string, Variable>;

export type EnvName = keyof typeof ENV_VARIABLES;
export type ServerEnv = { readonly [K in EnvName]: z.output<(typeof ENV_VARIABLES)[K]["schema"]> };

const NAMES = Object.keys(ENV_VARIABLES) as EnvName[];

/** Thrown for a value that does not fit its variable; the message is the sentence an operator acts on. */
export class EnvError extends Error {
  override name = "EnvError";
}

/** Settings that need others: a server that starts without them would fail on first use instead. */
const REQUIREMENTS: { setting: string; when: (env: Record<string, unknown>) => boolean; needs: EnvName[] }[] = [
  {
    setting: "ATTACHMENT_STORE=s3",
    when: (env) => env.ATTACHMENT_STORE === "s3",
    needs: ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"],
  },
  {
    setting: "BILLING=stripe",
    when: (env) => env.BILLING === "stripe" || (env.BILLING === undefined && env.STRIPE_SECRET_KEY !== undefined),
    needs: ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_PRO"],
  },
];

/** Validates `record` against every declared variable and their requirements; throws an EnvError naming each problem. */
export function parseEnv(record: Record<string, string | undefined>): ServerEnv {
  const parsed: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const name of NAMES) {
    const variable: Variable = ENV_VARIABLES[name];
    const raw = record[name];
    const result = variable.schema.safeParse(unset(raw));
    if (result.success) parsed[name] = result.data;
    else problems.push(`${name} must be ${variable.must}, not ${JSON.stringify(raw)}.`);
  }
  for (const { setting, when, needs } of REQUIREMENTS) {
    const missing = when(parsed) ? needs.filter((name) => parsed[name] === undefined) : [];
    if (missing.length) problems.push(`${setting} needs ${missing.join(", ")}.`);
  }
  if (problems.length)
    throw new EnvError(
      `The server's environment is invalid: ${problems.join(" ")} Fix the value or unset it (see the README's configuration table).`,
    );
  return Object.freeze(parsed) as ServerEnv;
}

let cached: { raw: (string | undefined)[]; env: ServerEnv } | undefined;

/**
 * The process's environment, parsed on first use. Outside production it is parsed again when a
 * declared variable changed since (comparing the raw strings): nothing in the app sets process.env,
 * but tests do (vi.stubEnv, the per-file database URL), and must see their value.
 */
export function serverEnv(): ServerEnv {
  // A production server's environment is fixed: no per-call look-ups (each costs ~0.5 µs, and hot paths call this).
  if (cached && process.env.NODE_ENV === "production") return cached.env;
  const raw = NAMES.map((name) => process.env[name]);
  if (!cached || raw.some((value, index) => value !== cached!.raw[index])) cached = { raw, env: parseEnv(process.env) };
  return cached.env;
}

/** The provider keys and the allow-list, as lib/models takes them (it never reads the environment itself). */
export function modelEnv(env: ServerEnv = serverEnv()): Record<string, string | undefined> {
  const { ANTHROPIC_API_KEY, OPENAI_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY, SERVER_KEY_BASE_URLS } = env;
  return { ANTHROPIC_API_KEY, OPENAI_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY, SERVER_KEY_BASE_URLS };
}
