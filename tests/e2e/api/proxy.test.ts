import { describe, expect, it } from "vitest";
import { HttpClient, createAccount } from "../support/http-client";
import { appBaseURL } from "../support/env";

describe("proxy.ts", () => {
  it("sends a signed-out visitor of an app page to sign-in, keeping where they were going", async () => {
    const response = await new HttpClient(appBaseURL()).request("/demo/settings?tab=1");
    expect(response.status).toBe(307);
    const location = new URL(response.headers.get("location")!, appBaseURL());
    expect(location.pathname).toBe("/sign-in");
    expect(location.searchParams.get("callbackUrl")).toBe("/demo/settings?tab=1");
  });

  it("answers signed-out API calls with 401 JSON", async () => {
    const { status, body } = await new HttpClient(appBaseURL()).json<{ error: { code: string } }>("/api/orgs");
    expect(status).toBe(401);
    expect(body.error.code).toBe("unauthorized");
  });

  it("leaves public pages open", async () => {
    for (const path of ["/", "/sign-in", "/sign-up"]) {
      const response = await new HttpClient(appBaseURL()).request(path);
      expect(response.status, path).toBe(200);
    }
  });

  it("lets a signed-in user through, and signing out closes the door again", async () => {
    const account = await createAccount(appBaseURL(), "gate");
    expect((await account.client.request(`/${account.orgSlug}`)).status).toBe(200);
    const { body } = await account.client.json<{ csrfToken: string }>("/api/auth/csrf");
    await account.client.request("/api/auth/signout", {
      method: "POST",
      body: new URLSearchParams({ csrfToken: body.csrfToken }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(account.client.hasSession()).toBe(false);
    expect((await account.client.request(`/${account.orgSlug}`)).status).toBe(307);
  });

  it("refuses a forged or altered session cookie on API routes and pages alike", async () => {
    const account = await createAccount(appBaseURL(), "forged");
    const { body: me } = await account.client.json<{ organizations: unknown[] }>("/api/orgs");
    expect(me.organizations.length).toBeGreaterThan(0);
    const sessionCookie = (await account.client.request("/api/orgs")).headers.get("set-cookie") ?? "";
    expect(sessionCookie).toBe(""); // API calls do not re-issue the session cookie; pages do
    const token = account.client.cookie("authjs.session-token")!;
    const altered = token.slice(0, -4) + (token.endsWith("AAAA") ? "BBBB" : "AAAA");
    for (const value of [altered, "not-a-token", ""]) {
      const headers = { cookie: `authjs.session-token=${value}` };
      const api = await fetch(new URL("/api/orgs", appBaseURL()), { headers });
      expect(api.status, value).toBe(401);
      const page = await fetch(new URL(`/${account.orgSlug}`, appBaseURL()), { headers, redirect: "manual" });
      expect(page.status, value).toBe(307);
    }
  });
});
