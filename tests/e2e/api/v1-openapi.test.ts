// The OpenAPI document is served without a key, cacheable and valid 3.1; the public /docs/api page
// renders every operation of it with a curl example, without signing in.
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { appBaseURL } from "../support/env";

type Document = { openapi: string; paths: Record<string, Record<string, unknown>> };

const decode = (html: string) =>
  html
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

describe("GET /api/v1/openapi.json", () => {
  it("is public, cacheable and a valid OpenAPI 3.1 document of the API", async () => {
    const response = await fetch(`${appBaseURL()}/api/v1/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
    const document = (await response.json()) as Document;
    expect(document.openapi).toBe("3.1.0");
    const result = await new Validator().validate(document as unknown as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(["/api/v1/inbox/{id}/resolve", "/api/v1/conversations/{id}/messages", "/api/v1/forms/{id}/submissions"]),
    );
  });

  it("answers 405 to a POST", async () => {
    expect((await fetch(`${appBaseURL()}/api/v1/openapi.json`, { method: "POST" })).status).toBe(405);
  });
});

describe("/docs/api", () => {
  it("renders without a session, with a curl example for every operation", async () => {
    const document = (await (await fetch(`${appBaseURL()}/api/v1/openapi.json`)).json()) as Document;
    const response = await fetch(`${appBaseURL()}/docs/api`, { redirect: "manual" });
    expect(response.status).toBe(200);
    const html = decode(await response.text());
    let operations = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of Object.keys(item)) {
        operations += 1;
        const url = path.replace(/\{(\w+)\}/g, (_, name: string) => `$${name.toUpperCase()}`);
        expect(html).toContain(`curl -X ${method.toUpperCase()} "$HANDOFF_URL${url}"`);
      }
    }
    expect(operations).toBeGreaterThanOrEqual(9);
    expect(html).toContain("Authorization: Bearer $HANDOFF_API_KEY");
  });
});
