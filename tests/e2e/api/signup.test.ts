import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { HttpClient } from "../support/http-client";
import { appBaseURL, appDatabaseUrl } from "../support/env";

/** The demo mailbox (no mail server exists): what was "sent" to `to`. */
async function mailTo(to: string) {
  const db = new pg.Client({ connectionString: appDatabaseUrl() });
  await db.connect();
  try {
    return (await db.query<{ subject: string; body: string }>(`SELECT subject, body FROM "DemoEmail" WHERE "to" = $1`, [to])).rows;
  } finally {
    await db.end();
  }
}

const signedInAs = async (client: HttpClient) => (await client.json<{ user?: { email: string } }>("/api/account")).body.user?.email;

const client = () => new HttpClient(appBaseURL());
const email = () => `signup-${randomUUID().slice(0, 8)}@example.com`;
const valid = () => ({ email: email(), password: "long-enough-pass", name: "Grace Hopper" });

describe("POST /api/signup", () => {
  it("creates the user and their organization as owner (202, the same answer as for a taken address)", async () => {
    const input = { ...valid(), organization: "Compilers Inc" };
    const user = client();
    const { status, body } = await user.json("/api/signup", { json: input });
    expect(status).toBe(202);
    expect(body).toEqual({ status: "accepted" });
    expect(await user.signIn(input.email, input.password)).toBe(true);
    const { body: orgs } = await user.json<{ organizations: { slug: string; name: string; role: string }[] }>("/api/orgs");
    expect(orgs.organizations).toEqual([
      expect.objectContaining({ name: "Compilers Inc", slug: expect.stringMatching(/^compilers-inc/), role: "owner" }),
    ]);
  });

  it("names the organization after the person when none is given", async () => {
    const input = valid();
    const user = client();
    expect((await user.json("/api/signup", { json: input })).status).toBe(202);
    await user.signIn(input.email, input.password);
    const { body } = await user.json<{ organizations: { name: string }[] }>("/api/orgs");
    expect(body.organizations[0].name).toBe("Grace Hopper's team");
  });

  it("rejects malformed JSON with 400", async () => {
    const { status, body } = await client().json<{ error: { code: string; message: string } }>("/api/signup", {
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(status).toBe(400);
    expect(body.error.code).toBe("invalid_json");
  });

  it.each([
    [{ email: "not-an-email" }, "email", /valid email/],
    [{ password: "short" }, "password", /at least 10 characters/],
    [{ name: "" }, "name", /Enter your name/],
    [{ organization: "x" }, "organization", /at least 2 characters/],
  ])("rejects %j with 422 naming the field", async (override, field, message) => {
    const { status, body } = await client().json<{ error: { message: string; details: { issues: { path: string; message: string }[] } } }>(
      "/api/signup",
      { json: { ...valid(), ...override } },
    );
    expect(status).toBe(422);
    const issue = body.error.details.issues.find((i) => i.path === field);
    expect(issue?.message).toMatch(message);
    expect(body.error.message).toContain(field);
  });

  it("rejects missing fields with 422", async () => {
    const { status, body } = await client().json<{ error: { details: { issues: { path: string }[] } } }>("/api/signup", { json: {} });
    expect(status).toBe(422);
    expect(body.error.details.issues.map((i) => i.path).sort()).toEqual(["email", "name", "password"]);
  });

  it("answers a taken email (whatever its case) exactly as a new one, changes nothing, and emails the owner", async () => {
    const owner = valid();
    expect((await client().json("/api/signup", { json: owner })).status).toBe(202);
    const fresh = await client().json("/api/signup", { json: valid() });
    const taken = await client().json("/api/signup", {
      json: { ...owner, email: owner.email.toUpperCase(), password: "an-attackers-password", name: "Mallory" },
    });
    expect({ status: taken.status, body: taken.body }).toEqual({ status: fresh.status, body: fresh.body });
    // Nobody is signed in as the owner with the new password; the owner's own still works.
    expect(await client().signIn(owner.email, "an-attackers-password")).toBe(false);
    const real = client();
    expect(await real.signIn(owner.email, owner.password)).toBe(true);
    expect(await signedInAs(real)).toBe(owner.email);
    const mail = await mailTo(owner.email);
    expect(mail).toEqual([expect.objectContaining({ subject: expect.stringMatching(/tried to create a Handoff account/) })]);
  });

  it("answers 413 for an oversized body", async () => {
    const { status } = await client().json("/api/signup", { json: { ...valid(), name: "x".repeat(20_000) } });
    expect(status).toBe(413);
  });

  it("answers 415 when the body is not JSON", async () => {
    const { status } = await client().json("/api/signup", {
      body: "email=a",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(status).toBe(415);
  });

  it("lets the new user sign in with the password, and not with another", async () => {
    const input = valid();
    await client().json("/api/signup", { json: input });
    expect(await client().signIn(input.email, "wrong-password-123")).toBe(false);
    expect(await client().signIn(input.email, input.password)).toBe(true);
  });
});
