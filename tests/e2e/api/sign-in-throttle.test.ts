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
