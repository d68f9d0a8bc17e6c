import { randomUUID } from "node:crypto";
import { cookieHeader, storeSetCookies } from "../../support/cookie-jar";

/**
 * A tiny HTTP client with a cookie jar, speaking to the real server the way a browser does:
 * it signs in through Auth.js's credentials callback and then sends the session cookie.
 */
export class HttpClient {
  private cookies = new Map<string, string>();

  constructor(readonly baseURL: string) {}

  async request(path: string, init: { method?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {}) {
    const method = init.method ?? (init.body || init.json !== undefined ? "POST" : "GET");
    // Browsers send Origin with every state-changing request; the proxy (proxy.ts) refuses one without.
    const headers: Record<string, string> = { "x-forwarded-for": this.ip };
    if (method !== "GET" && method !== "HEAD") headers.origin = new URL(this.baseURL).origin;
    Object.assign(headers, init.headers);
    if (this.cookies.size) headers.cookie = cookieHeader(this.cookies);
    let body = init.body;
    if (init.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(init.json);
    }
    const response = await fetch(`${this.baseURL}${path}`, { method, headers, body, redirect: "manual" });
    storeSetCookies(this.cookies, response.headers.getSetCookie());
    return response;
  }

  async json<T = Record<string, unknown>>(
    path: string,
    init: Parameters<HttpClient["request"]>[1] = {},
  ): Promise<{ status: number; body: T; headers: Headers }> {
    const response = await this.request(path, init);
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // non-JSON answers are returned as text
    }
    return { status: response.status, body: body as T, headers: response.headers };
  }

  /** Signs in with email and password; returns true when a session cookie was issued. */
  async signIn(email: string, password: string): Promise<boolean> {
    const { body } = await this.json<{ csrfToken: string }>("/api/auth/csrf");
    const form = new URLSearchParams({ csrfToken: body.csrfToken, email, password, callbackUrl: `${this.baseURL}/app` });
    const response = await this.request("/api/auth/callback/credentials", {
      method: "POST",
      body: form.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    await response.arrayBuffer();
    return this.hasSession();
  }

  /** Signs out through Auth.js, as the user menu does. */
  async signOut(): Promise<void> {
    const { body } = await this.json<{ csrfToken: string }>("/api/auth/csrf");
    const response = await this.request("/api/auth/signout", {
      method: "POST",
      body: new URLSearchParams({ csrfToken: body.csrfToken, callbackUrl: this.baseURL }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    await response.arrayBuffer();
  }

  /** Another client holding a copy of this one's cookies (a stolen cookie), on `baseURL` (default the same server). */
  copy(baseURL = this.baseURL): HttpClient {
    const thief = new HttpClient(baseURL);
    for (const [name, value] of this.cookies) thief.cookies.set(name, value);
    return thief;
  }

  /** A per-client address so throttling of one test does not spill into another. */
  ip = `10.${rand()}.${rand()}.${rand()}`;

  hasSession() {
    return [...this.cookies.keys()].some((k) => k.includes("session-token"));
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

const rand = () => Math.floor(Math.random() * 250) + 1;

export interface TestAccount {
  client: HttpClient;
  email: string;
  password: string;
  name: string;
  userId: string;
  orgSlug: string;
}

/** Signs up a fresh user (with their own organization) and signs them in. */
export async function createAccount(baseURL: string, label = "user"): Promise<TestAccount> {
  const client = new HttpClient(baseURL);
  const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
  const password = "correct-horse-battery";
  const name = `${label[0].toUpperCase()}${label.slice(1)} Tester`;
  const created = await client.json("/api/signup", { json: { email, password, name, organization: `${name} Team` } });
  if (created.status !== 202) throw new Error(`sign-up failed: ${created.status} ${JSON.stringify(created.body)}`);
  if (!(await client.signIn(email, password))) throw new Error("sign-in after sign-up failed");
  // The sign-up answer names no account (it must not tell a new address from a taken one).
  const userId = (await client.json<{ user: { id: string } }>("/api/account")).body.user.id;
  const orgSlug = (await client.json<{ organizations: { slug: string }[] }>("/api/orgs")).body.organizations[0].slug;
  return { client, email, password, name, userId, orgSlug };
}
