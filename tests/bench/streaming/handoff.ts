import { randomBytes, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { withDatabaseName } from "@/tooling/db/database-url";
import { createDatabaseIfMissing, repoRoot, startEmbeddedPostgres, testDataRoot } from "@/tooling/db/embedded-postgres";
import { migrate } from "@/lib/db/migrate";
import { startAppServer, type AppServer } from "../../support/app-server";
import { cookieHeader, storeSetCookies } from "../../support/cookie-jar";
import { jsonRequest, stream, type RequestOptions, type StreamHandle } from "./sse-client";

/**
 * Handoff as the benchmark runs it: a throwaway embedded PostgreSQL (or DATABASE_URL's server),
 * a fresh migrated database, and `next start` on the production build; accounts that sign in
 * the way a browser does, with agent settings that point the "anthropic" provider at the fake model.
 */

/** The operator switch that lets a tenant's model base URL be a loopback address (lib/server/agent/model-url-guard.ts). */
export const ALLOW_PRIVATE_MODEL_URLS_ENV = "ALLOW_PRIVATE_MODEL_URLS";
export const AUTH_SECRET = "bench-secret-for-the-streaming-benchmark-only-0123456789";

/**
 * tests/support/app-server.ts sets the e2e suite's fast settings (3 s run leases renewed every
 * second, a dead-run sweep every 500 ms, 2 s SSE heartbeats, 40 messages a minute). A benchmark
 * measures what a deployment runs: the defaults. The message limit is lifted because it is an
 * abuse limit per user, and the benchmark's clients share a few users.
 */
export const PRODUCTION_SETTINGS: Record<string, string> = {
  RUN_LEASE_MS: "30000",
  BACKGROUND_JOBS_INTERVAL_MS: "10000",
  SSE_HEARTBEAT_MS: "15000",
  MESSAGE_RATE_LIMIT_PER_MINUTE: "1000000",
  ORG_MESSAGE_RATE_LIMIT_PER_MINUTE: "1000000",
};

export interface HandoffInstance {
  app: AppServer;
  databaseUrl: string;
  /** Whether pg_stat_statements is loaded (durable embedded clusters). */
  statements: boolean;
  stop(): Promise<void>;
}

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Where the embedded cluster of this run lives. */
export const benchDataDir = () => path.join(testDataRoot, `bench-${process.pid}`);

/**
 * `durable`: PostgreSQL's default settings (fsync, synchronous_commit), as a deployment runs it;
 * otherwise the test clusters' settings (fsync=off, synchronous_commit=off), which hide commit cost.
 */
export async function startHandoff(
  options: { env?: Record<string, string>; durable?: boolean; postgresSettings?: Record<string, string> } = {},
): Promise<HandoffInstance> {
  if (!existsSync(path.join(repoRoot, ".next", "BUILD_ID"))) throw new Error("No production build found: run `npm run build` first.");
  const dataDir = benchDataDir();
  const durable = options.durable ?? true;
  let embedded = process.env.DATABASE_URL ? undefined : await startEmbeddedPostgres({ dataDir, throwaway: !durable });
  let statements = false;
  if (embedded && durable) {
    // pg_stat_statements (shipped with the embedded server) needs a restart to load: it tells which statements an answer costs.
    const settings: Record<string, string> = {
      shared_preload_libraries: "pg_stat_statements",
      "pg_stat_statements.track": "all",
      ...options.postgresSettings,
    };
    const admin = new pg.Client({ connectionString: embedded.adminUrl });
    await admin.connect();
    try {
      for (const [name, value] of Object.entries(settings)) {
        if (!/^[a-z_.]+$/.test(name)) throw new Error(`not a setting name: ${name}`);
        await admin.query(`ALTER SYSTEM SET ${name} = '${value.replaceAll("'", "''")}'`);
      }
    } finally {
      await admin.end();
    }
    await embedded.stop();
    embedded = await startEmbeddedPostgres({ dataDir, throwaway: false });
    statements = true;
  }
  const cluster = embedded;
  const server = cluster
    ? {
        adminUrl: cluster.adminUrl,
        async stop() {
          await cluster.stop();
          // A durable cluster is not removed by stop(); this one is the run's own.
          await fs.rm(dataDir, { recursive: true, force: true });
        },
      }
    : { adminUrl: process.env.DATABASE_URL!, stop: async () => {} };
  let app: AppServer | undefined;
  try {
    const databaseName = `bench_${randomBytes(4).toString("hex")}`;
    await createDatabaseIfMissing(server.adminUrl, databaseName);
    const databaseUrl = withDatabaseName(server.adminUrl, databaseName);
    await migrate(databaseUrl);
    if (statements) await withClient(databaseUrl, (client) => client.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements"));
    process.env.AUTH_SECRET = AUTH_SECRET;
    app = await startAppServer({
      databaseUrl,
      env: { ...PRODUCTION_SETTINGS, AUTH_SECRET, [ALLOW_PRIVATE_MODEL_URLS_ENV]: "1", ...options.env },
    });
    const started = app;
    return {
      app: started,
      databaseUrl,
      statements,
      async stop() {
        await started.stop().catch(() => {});
        await server.stop().catch(() => {});
      },
    };
  } catch (error) {
    await app?.stop().catch(() => {});
    await server.stop().catch(() => {});
    throw error;
  }
}

const rand = () => Math.floor(Math.random() * 250) + 1;

/** A response body short enough for an error message (an HTML page is not worth quoting). */
const excerpt = (text: string) => (/^\s*<(!doctype|html)/i.test(text) ? "(an HTML page: is the route in this build?)" : text.slice(0, 300));

/** A signed-in user (owner of their own organization) with a cookie jar. */
export class Account {
  private cookies = new Map<string, string>();
  readonly ip = `10.${rand()}.${rand()}.${rand()}`;
  email = "";
  orgSlug = "";
  userId = "";

  constructor(readonly baseURL: string) {}

  /** The same user and session (cookies), talking to another instance of the app. */
  withBaseURL(baseURL: string): Account {
    const other = new Account(baseURL);
    other.cookies = new Map(this.cookies);
    other.email = this.email;
    other.orgSlug = this.orgSlug;
    other.userId = this.userId;
    return other;
  }

  get cookieHeader(): string {
    return cookieHeader(this.cookies);
  }

  /** Session cookies for a browser context. */
  browserCookies(): { name: string; value: string; url: string }[] {
    return [...this.cookies].map(([name, value]) => ({ name, value, url: this.baseURL }));
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    // Origin as a browser's same-origin fetch sends it: the proxy refuses cookie writes without it.
    return {
      "x-forwarded-for": this.ip,
      origin: new URL(this.baseURL).origin,
      ...(this.cookies.size ? { cookie: this.cookieHeader } : {}),
      ...extra,
    };
  }

  async json<T = Record<string, unknown>>(
    pathname: string,
    init: { method?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {},
  ) {
    const response = await jsonRequest<T>(`${this.baseURL}${pathname}`, { ...init, headers: this.headers(init.headers) });
    storeSetCookies(this.cookies, response.headers["set-cookie"] ?? []);
    return response;
  }

  stream(pathname: string, init: RequestOptions = {}): StreamHandle {
    return stream(`${this.baseURL}${pathname}`, { ...init, headers: this.headers(init.headers) });
  }

  static async signUp(baseURL: string, label: string): Promise<Account> {
    const account = new Account(baseURL);
    account.email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
    const password = "correct-horse-battery";
    const created = await account.json("/api/signup", {
      json: { email: account.email, password, name: "Bench Tester", organization: `Bench ${label}` },
    });
    if (created.status !== 202) throw new Error(`sign-up failed: ${created.status} ${excerpt(created.text)}`);
    const csrf = await account.json<{ csrfToken: string }>("/api/auth/csrf");
    const form = new URLSearchParams({ csrfToken: csrf.body.csrfToken, email: account.email, password, callbackUrl: `${baseURL}/app` });
    await account.json("/api/auth/callback/credentials", {
      method: "POST",
      body: form.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    if (![...account.cookies.keys()].some((k) => k.includes("session-token")))
      throw new Error("sign-in after sign-up issued no session cookie");
    // The sign-up answer names no account (it must not tell a new address from a taken one).
    account.userId = (await account.json<{ user: { id: string } }>("/api/account")).body.user.id;
    account.orgSlug = (await account.json<{ organizations: { slug: string }[] }>("/api/orgs")).body.organizations[0].slug;
    return account;
  }

  /** Points the organization's agent at the fake Anthropic server. */
  async useFakeAnthropic(modelUrl: string): Promise<void> {
    const response = await this.json(`/api/orgs/${encodeURIComponent(this.orgSlug)}/agent`, {
      method: "PUT",
      json: {
        name: "Bench agent",
        systemPrompt: "You are a benchmark agent.",
        // maxAttempts 1: a failed model call is an error of the run, not a hidden retry.
        model: { provider: "anthropic", model: "claude-bench", baseURL: modelUrl, fallbacks: [], thinking: "off", maxAttempts: 1 },
        enabledTools: ["confirm_action"],
        permissionPolicy: {},
        slotTtlMinutes: null,
        providerApiKey: "sk-ant-bench-dummy-key",
      },
    });
    if (response.status !== 200)
      throw new Error(`PUT /api/orgs/${this.orgSlug}/agent answered ${response.status}: ${excerpt(response.text)}`);
    const body = response.body as {
      settings?: { usingDemoModel?: boolean; notices?: string[] };
      usingDemoModel?: boolean;
      notices?: string[];
    };
    const view = body.settings ?? body;
    if (view.usingDemoModel) throw new Error(`the agent still uses the demo model: ${JSON.stringify(view.notices)}`);
  }

  async createConversation(): Promise<string> {
    const response = await this.json<{ conversation?: { id: string }; id?: string }>(
      `/api/conversations?org=${encodeURIComponent(this.orgSlug)}`,
      {
        method: "POST",
        json: {},
      },
    );
    const id = response.body?.conversation?.id ?? response.body?.id;
    if (response.status >= 300 || !id) throw new Error(`POST /api/conversations answered ${response.status}: ${excerpt(response.text)}`);
    return id;
  }

  sendMessage(conversationId: string, text: string, init: RequestOptions = {}): StreamHandle {
    return this.stream(`/api/conversations/${encodeURIComponent(conversationId)}/messages`, {
      ...init,
      method: "POST",
      body: JSON.stringify({ text }),
    });
  }
}

/** The organization's id, for seeding rows directly. */
export async function organizationIdOf(databaseUrl: string, slug: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(`SELECT "id" FROM "Organization" WHERE "slug" = $1`, [slug]);
    if (!rows[0]) throw new Error(`no organization ${slug}`);
    return rows[0].id;
  } finally {
    await client.end();
  }
}

/** A conversation written straight into the database (for page-weight runs on a build without the chat API). */
export async function insertConversation(databaseUrl: string, organizationId: string, userId: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const id = `bench${randomBytes(8).toString("hex")}`;
    await client.query(
      `INSERT INTO "Conversation" ("id", "organizationId", "createdById", "title", "updatedAt") VALUES ($1, $2, $3, 'Bench', now())`,
      [id, organizationId, userId],
    );
    return id;
  } finally {
    await client.end();
  }
}
