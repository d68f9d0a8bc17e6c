import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { HttpClient } from "../support/http-client";
import { appBaseURL } from "../support/env";

const client = () => new HttpClient(appBaseURL());
const email = () => `signup-${randomUUID().slice(0, 8)}@example.com`;
const valid = () => ({ email: email(), password: "long-enough-pass", name: "Grace Hopper" });

describe("POST /api/signup", () => {
  it("creates the user and their organization as owner (201)", async () => {
    const input = { ...valid(), organization: "Compilers Inc" };
    const { status, body } = await client().json<{ user: { email: string }; organization: { slug: string; name: string; role: string } }>("/api/signup", { json: input });
    expect(status).toBe(201);
    expect(body.user.email).toBe(input.email);
    expect(body.organization).toMatchObject({ name: "Compilers Inc", slug: "compilers-inc", role: "owner" });
  });

  it("names the organization after the person when none is given", async () => {
    const { status, body } = await client().json<{ organization: { name: string } }>("/api/signup", { json: valid() });
    expect(status).toBe(201);
    expect(body.organization.name).toBe("Grace Hopper's team");
  });

  it("rejects malformed JSON with 400", async () => {
    const { status, body } = await client().json<{ error: { code: string; message: string } }>("/api/signup", { body: "{not json", headers: { "content-type": "application/json" } });
    expect(status).toBe(400);
    expect(body.error.code).toBe("invalid_json");
  });

  it.each([
    [{ email: "not-an-email" }, "email", /valid email/],
    [{ password: "short" }, "password", /at least 10 characters/],
    [{ name: "" }, "name", /Enter your name/],
    [{ organization: "x" }, "organization", /at least 2 characters/],
  ])("rejects %j with 422 naming the field", async (override, field, message) => {
    const { status, body } = await client().json<{ error: { message: string; details: { issues: { path: string; message: string }[] } } }>("/api/signup", { json: { ...valid(), ...override } });
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

  it("answers 409 for an email that is taken, whatever its case", async () => {
    const input = valid();
    expect((await client().json("/api/signup", { json: input })).status).toBe(201);
    const again = await client().json<{ error: { code: string; message: string } }>("/api/signup", { json: { ...input, email: input.email.toUpperCase() } });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/already exists/);
  });

  it("answers 413 for an oversized body", async () => {
    const { status } = await client().json("/api/signup", { json: { ...valid(), name: "x".repeat(20_000) } });
    expect(status).toBe(413);
  });

  it("answers 415 when the body is not JSON", async () => {
    const { status } = await client().json("/api/signup", { body: "email=a", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(status).toBe(415);
  });

  it("lets the new user sign in with the password, and not with another", async () => {
    const input = valid();
    await client().json("/api/signup", { json: input });
    expect(await client().signIn(input.email, "wrong-password-123")).toBe(false);
    expect(await client().signIn(input.email, input.password)).toBe(true);
  });
});
