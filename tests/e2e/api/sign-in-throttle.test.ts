import { describe, expect, it } from "vitest";
import { HttpClient, createAccount } from "../support/http-client";
import { appBaseURL } from "../support/env";

describe("sign-in throttling", () => {
  it("blocks an email after 5 failures, even with the right password, from any address", async () => {
    const account = await createAccount(appBaseURL(), "throttled");
    for (let i = 0; i < 5; i++) expect(await new HttpClient(appBaseURL()).signIn(account.email, `wrong-password-${i}`)).toBe(false);
    const fresh = new HttpClient(appBaseURL());
    expect(await fresh.signIn(account.email, "wrong-password-x")).toBe(false);
    expect(await new HttpClient(appBaseURL()).signIn(account.email, account.password)).toBe(false);
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
      account.client.json<{ error: { code: string } }>("/api/account/password", { json: { currentPassword, newPassword: "another-long-password-1" } });
    for (let i = 0; i < 5; i++) expect((await change(`wrong-password-${i}`)).status).toBe(422);
    const blocked = await change(account.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe("rate_limited");
    expect(await new HttpClient(appBaseURL()).signIn(account.email, account.password)).toBe(false);
  });

  it("an email of the longest allowed length is locked after 5 failures too (its key is hashed to fit)", async () => {
    const email = `${"x".repeat(64)}@${"d".repeat(60)}.${"e".repeat(60)}.${"f".repeat(55)}.com`;
    expect(email.length).toBeGreaterThan(245);
    const password = "correct-horse-battery";
    const created = await new HttpClient(appBaseURL()).json("/api/signup", { json: { email, password, name: "Long Email" } });
    expect(created.status).toBe(201);
    for (let i = 0; i < 5; i++) expect(await new HttpClient(appBaseURL()).signIn(email, `wrong-${i}`)).toBe(false);
    expect(await new HttpClient(appBaseURL()).signIn(email, password)).toBe(false);
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
