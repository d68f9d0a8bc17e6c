// The tables that are not a tenant's: they stay whole on every node (Citus reference tables) instead of
// being distributed by organizationId. Every other table of schema public must carry organizationId in
// its primary key, its unique constraints and its foreign keys to other tenant tables
// (tests/integration/tenancy/distribution-keys.test.ts). Plain data: the docs link to it.

export const GLOBAL_TABLES: Readonly<Record<string, string>> = {
  User: "a person belongs to several organizations; sign-in finds them by email before any organization is known",
  Account: "OAuth accounts of a user, found by (provider, providerAccountId) at sign-in",
  Organization: "the tenants themselves; tenant tables reference it",
  rate_limits: "rate-limiter counters keyed by IP or user, before any organization is known",
  RevokedSession: "ended sessions of a user, checked on every request before its organization is known",
  WorkerHeartbeat: "one row per worker process, which serves every organization",
  StripeEvent: "Stripe's event id is global, and an event may name no organization",
  TenantKey:
    "which organization owns a key that arrives before the organization is known (API key and inbox item public ids, invite and share link tokens, Stripe customers)",
  _prisma_migrations: "the migration history of the database itself",
};
