import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient, createAccount } from "../support/http-client";
import { appBaseURL, appDatabaseUrl } from "../support/env";
import { startAppServer, type AppServer } from "../../support/app-server";
import { sql } from "../support/sql";

/** A client at the same address as `client`, without its cookies. */
const sameAddress = (client: HttpClient) => Object.assign(new HttpClient(client.baseURL), { ip: client.ip });

describe("sign-in throttling", () => {
  it("locks the (email, address) pair after 5 failures, even with the right password; the owner still signs in from their address", async () => {
    const account = await createAccount(appBaseURL(), "throttled");
    const attacker = new HttpClient(appBaseURL());
    for (let i = 0; i < 5; i++) expect(await attacker.signIn(account.email, `wrong-password-${i}`)).toBe(false);
    expect(await attacker.signIn(account.email, "wrong-password-x")).toBe(false);
    expect(await attacker.signIn(account.email, account.password)).toBe(false);
    expect(await sameAddress(account.client).signIn(account.email, account.password)).toBe(true);
  });

  it("failures spread over many addresses slow the email down but do not lock its owner out", async () => {
    const account = await createAccount(appBaseURL(), "spread");
    for (let i = 0; i < 12; i++) expect(await new HttpClient(appBaseURL()).signIn(account.email, `wrong-password-${i}`)).toBe(false);
    const started = Date.now();
    expect(await sameAddress(account.client).signIn(account.email, account.password)).toBe(true);
    // 12 failures, 7 past the pair allowance: 7 × 200 ms before the answer.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
  });

  it("blocks an address after 30 failures across emails", async () => {
    const attacker = new HttpClient(appBaseURL());
    const victim = await createAccount(appBaseURL(), "victim");
    for (let i = 0; i < 30; i++) await attacker.signIn(`nobody-${i}@example.com`, "wrong-password");
    expect(await attacker.signIn(victim.email, victim.password)).toBe(false);
    // The same account still signs in from another address.
    expect(await new HttpClient(appBaseURL()).signIn(victim.email, victim.password)).toBe(true);
  });

  it("counts wrong current passwords on the password form against the same allowance", async () => {
    const account = await createAccount(appBaseURL(), "pwguess");
    const change = (currentPassword: string) =>
      account.client.json<{ error: { code: string } }>("/api/account/password", {
        json: { currentPassword, newPassword: "another-long-password-1" },
      });
    for (let i = 0; i < 5; i++) expect((await change(`wrong-password-${i}`)).status).toBe(422);
    const blocked = await change(account.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe("rate_limited");
    expect(await sameAddress(account.client).signIn(account.email, account.password)).toBe(false);
  });

  it("an email of the longest allowed length is locked after 5 failures too (its key is hashed to fit)", async () => {
    const email = `${"x".repeat(64)}@${"d".repeat(60)}.${"e".repeat(60)}.${"f".repeat(55)}.com`;
    expect(email.length).toBeGreaterThan(245);
    const password = "correct-horse-battery";
    const created = await new HttpClient(appBaseURL()).json("/api/signup", { json: { email, password, name: "Long Email" } });
    expect(created.status).toBe(202);
    const attacker = new HttpClient(appBaseURL());
    for (let i = 0; i < 5; i++) expect(await attacker.signIn(email, `wrong-${i}`)).toBe(false);
    expect(await attacker.signIn(email, password)).toBe(false);
  });

  it("a forged X-Forwarded-For per request does not escape the per-address limit", async () => {
    const attacker = new HttpClient(appBaseURL());
    const victim = await createAccount(appBaseURL(), "xff-victim");
    for (let i = 0; i < 30; i++) {
      attacker.ip = `203.0.113.${i + 1}, ${attacker.ip.split(",").at(-1)!.trim()}`;
      await attacker.signIn(`nobody-xff-${i}@example.com`, "wrong-password");
    }
    expect(await attacker.signIn(victim.email, victim.password)).toBe(false);
  });

  it("records failed and successful sign-ins in the audit log", async () => {
    const account = await createAccount(appBaseURL(), "audited");
    await new HttpClient(appBaseURL()).signIn(account.email, "wrong-password-1");
    const { body } = await account.client.json<{ entries: { action: string }[] }>(`/api/orgs/${account.orgSlug}/audit`);
    const actions = body.entries.map((e) => e.action);
    expect(actions).toContain("user.signed_up");
    expect(actions).toContain("user.signed_in");
    expect(actions).toContain("user.sign_in_failed");
  });
});

describe("without a proxy in front (TRUSTED_PROXY_HOPS=0, the default)", () => {
  let direct: AppServer;
  beforeAll(async () => {
    direct = await startAppServer({ databaseUrl: appDatabaseUrl(), env: { TRUSTED_PROXY_HOPS: "0" } });
  });
  afterAll(async () => {
    await direct?.stop();
    // This server sees every client at the loopback address, so the test locked it: unlock it, or
    // the shared server's browser sign-ins (also from loopback) are refused for 15 minutes.
    await sql(`DELETE FROM rate_limits WHERE key LIKE 'signin-%127.0.0.1%'`);
  });

  it("ignores X-Forwarded-For: the address is the socket's, so a fresh forged one per request escapes nothing", async () => {
    const victim = await createAccount(appBaseURL(), "direct-victim");
    const onDirect = Object.assign(new HttpClient(direct.baseURL), { ip: "198.51.100.5" });
    expect(await onDirect.signIn(victim.email, victim.password)).toBe(true);
    const { body } = await victim.client.json<{ entries: { action: string; ip: string | null }[] }>(`/api/orgs/${victim.orgSlug}/audit`);
    expect(body.entries.find((e) => e.action === "user.signed_in")?.ip).toMatch(/^(::ffff:)?127\.0\.0\.1$/);

    const attacker = new HttpClient(direct.baseURL);
    for (let i = 0; i < 30; i++) {
      attacker.ip = `203.0.113.${i + 1}`;
      await attacker.signIn(`nobody-direct-${i}@example.com`, "wrong-password");
    }
    attacker.ip = "198.51.100.77";
    expect(await attacker.signIn(victim.email, victim.password)).toBe(false);
  });
});
