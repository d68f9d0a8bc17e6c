// What a save of an HTTP tool refuses beyond its shape: unknown or malformed placeholders, a secret
// in the URL, a placeholder in the host, reserved names and headers, the form builder's field rules.
import { describe, expect, it } from "vitest";
import { createHttpToolSchema, type CreateHttpToolInput } from "@/lib/schemas/http-tools";
import { checkHttpToolDefinition } from "@/lib/server/http-tools/check-definition";

const definition = (over: Partial<CreateHttpToolInput> = {}) =>
  createHttpToolSchema.parse({
    name: "find_order",
    description: "Finds an order by its id.",
    fields: [{ id: "order_id", label: "Order id", type: "text" }],
    method: "POST",
    url_template: "https://api.example.com/orders/{{input.order_id}}",
    headers: { Authorization: "Bearer {{secret.CRM_TOKEN}}" },
    body_template: { id: "{{input.order_id}}" },
    ...over,
  });
const secrets = new Set(["CRM_TOKEN"]);
const problems = (over: Partial<CreateHttpToolInput> = {}) => checkHttpToolDefinition(definition(over), secrets);

describe("checkHttpToolDefinition", () => {
  it("accepts a tool whose placeholders all name a field or a secret", () => {
    expect(problems()).toEqual([]);
  });

  it("refuses a secret in the URL, in the path or the query", () => {
    expect(problems({ url_template: "https://api.example.com/orders?key={{secret.CRM_TOKEN}}" })).toEqual([
      { path: "url_template", message: expect.stringContaining("a secret may not be part of the URL") },
    ]);
    expect(problems({ url_template: "https://api.example.com/{{secret.CRM_TOKEN}}/orders" })[0].message).toMatch(
      /may not be part of the URL/,
    );
  });

  it("refuses unknown and malformed placeholders, saying what to write", () => {
    expect(problems({ url_template: "https://api.example.com/orders/{{input.nope}}" })).toEqual([
      { path: "url_template", message: expect.stringContaining('names no input field; add a field "nope"') },
    ]);
    expect(problems({ headers: { Authorization: "{{secret.OTHER}}" } })[0]).toMatchObject({
      path: "headers.Authorization",
      message: expect.stringContaining("names no secret"),
    });
    expect(problems({ headers: { "X-A": "{{ order_id }}" } })[0].message).toMatch(/is not a placeholder: write \{\{input/);
    expect(problems({ body_template: { note: "{{env.HOME}}" } })[0]).toMatchObject({ path: "body_template.note" });
    expect(problems({ body_template: { "{{input.order_id}}": 1 } })[0].message).toMatch(/not its keys/);
  });

  it("keeps the scheme and host fixed", () => {
    expect(problems({ url_template: "https://{{input.order_id}}.example.com/" })[0].message).toMatch(/scheme and host are fixed/);
    expect(problems({ url_template: "{{input.order_id}}" })[0].message).toMatch(/Start the URL with http/);
    expect(problems({ url_template: "ftp://example.com/" })[0].message).toMatch(/Start the URL with http/);
    expect(problems({ url_template: "https://api.example.com/a#b" })[0].message).toMatch(/fragment/);
    // A path the URL parser would rewrite: every call would then be refused.
    for (const url_template of [
      "https://api.example.com/a/../b",
      "https://api.example.com/my orders",
      "https://api.example.com/ä/{{input.order_id}}",
    ])
      expect(problems({ url_template })[0].message).toMatch(/Write the path as it is sent/);
    expect(problems({ url_template: "https://api.example.com/my%20orders/{{input.order_id}}?x=ä" })).toEqual([]);
  });

  it("refuses a built-in tool's name, reserved headers and a body on GET", () => {
    expect(problems({ name: "send_email" })[0]).toMatchObject({ path: "name" });
    expect(problems({ name: "glove_form_fill" })[0]).toMatchObject({ path: "name" });
    expect(problems({ headers: { Host: "evil.example" } })[0]).toMatchObject({
      path: "headers.Host",
      message: expect.stringContaining("set by the tool"),
    });
    expect(problems({ headers: { "Idempotency-Key": "x" } })).toHaveLength(1);
    expect(problems({ headers: { "Bad Name": "x" } })[0].message).toMatch(/not a valid header name/);
    expect(problems({ method: "GET" })[0]).toMatchObject({ path: "body_template" });
  });

  it("checks the fields with the form builder's rules, at the tool's own paths", () => {
    const found = problems({
      fields: [
        { id: "order_id", label: "Order id", type: "one_of" },
        { id: "order-id", label: "Again", type: "text", when: { field: "order_id", op: "is_set" } },
      ],
    });
    expect(found).toEqual(
      expect.arrayContaining([
        { path: "fields[0].options", message: expect.stringContaining("options") },
        { path: "fields[1].id", message: expect.stringContaining("clashes") },
        { path: "fields[1].when", message: expect.stringContaining("no conditions") },
      ]),
    );
  });
});

describe("the wire shape", () => {
  it("names must be lowercase identifiers without a double underscore", () => {
    expect(createHttpToolSchema.safeParse({ ...definition(), name: "Find-Order" }).success).toBe(false);
    expect(createHttpToolSchema.safeParse({ ...definition(), name: "crm__find" }).success).toBe(false);
    expect(createHttpToolSchema.safeParse({ ...definition(), name: "a".repeat(41) }).success).toBe(false);
  });

  it("defaults: approval needed, enabled, 10 s; the timeout stays within 1–30 s", () => {
    expect(definition()).toMatchObject({ requires_permission: true, enabled: true, timeout_ms: 10_000 });
    expect(createHttpToolSchema.safeParse({ ...definition(), timeout_ms: 31_000 }).success).toBe(false);
    expect(createHttpToolSchema.safeParse({ ...definition(), timeout_ms: 999 }).success).toBe(false);
  });
});
