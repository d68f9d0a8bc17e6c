import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { API_KEY_SCOPES } from "@/lib/schemas/api-keys";
import { openApiDocument } from "@/lib/server/openapi/document";
import { apiReference } from "@/lib/server/openapi/reference";

const V1_ROOT = path.resolve(import.meta.dirname, "../../../../app/api/v1");
const METHODS = ["get", "post", "put", "patch", "delete"] as const;
/** The document itself is served by /api/v1 but is not an operation of the API it describes. */
const NOT_DOCUMENTED = new Set(["GET /api/v1/openapi.json"]);

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** "GET /api/v1/inbox/{id}" for every handler a route file exports (not the methodNotAllowed destructuring). */
function routeOperations(): string[] {
  return routeFiles(V1_ROOT).flatMap((file) => {
    const template = `/api/v1/${path.relative(V1_ROOT, path.dirname(file)).split(path.sep).join("/")}`
      .replace(/\/$/, "")
      .replace(/\[(\w+)\]/g, "{$1}");
    const source = readFileSync(file, "utf8");
    return [...source.matchAll(/^export const (GET|POST|PUT|PATCH|DELETE) =/gm)].map((match) => `${match[1]} ${template}`);
  });
}

function documentOperations(): string[] {
  return Object.entries(openApiDocument().paths ?? {}).flatMap(([route, item]) =>
    METHODS.filter((method) => (item as Record<string, unknown>)[method]).map((method) => `${method.toUpperCase()} ${route}`),
  );
}

describe("the OpenAPI document of /api/v1", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(structuredClone(openApiDocument()) as unknown as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(openApiDocument().openapi).toBe("3.1.0");
  });

  it("has exactly the operations the route files export: none missing, none extra", () => {
    const routes = routeOperations().filter((operation) => !NOT_DOCUMENTED.has(operation));
    expect(routes.length).toBeGreaterThanOrEqual(8);
    expect(documentOperations().sort()).toEqual(routes.sort());
  });

  it("the walk sees the document's own route, which it leaves out on purpose", () => {
    expect(routeOperations()).toContain("GET /api/v1/openapi.json");
  });

  it("names a known scope, the error envelope and its statuses for every operation", () => {
    for (const item of Object.values(openApiDocument().paths ?? {})) {
      for (const method of METHODS) {
        const operation = (item as Record<string, { security?: Record<string, string[]>[]; responses: Record<string, unknown> }>)[method];
        if (!operation) continue;
        const scopes = operation.security?.[0]?.apiKey ?? [];
        expect(scopes.length).toBeGreaterThan(0);
        for (const scope of scopes) expect(API_KEY_SCOPES).toContain(scope);
        expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(["401", "403", "429"]));
        expect(JSON.stringify(operation.responses["401"])).toContain("#/components/schemas/Error");
      }
    }
  });

  it("a POST body's schema is the route's: the message's length limit and the inbox answer", () => {
    const document = openApiDocument();
    const body = document.paths?.["/api/v1/conversations/{id}/messages"]?.post?.requestBody as {
      content: { "application/json": { schema: { properties: { text: { maxLength: number } }; required: string[] } } };
    };
    expect(body.content["application/json"].schema.properties.text.maxLength).toBe(20_000);
    expect(body.content["application/json"].schema.required).toEqual(["text"]);
  });
});

describe("the reference the /docs/api page renders", () => {
  const endpoints = apiReference(openApiDocument());

  it("has a curl example for every operation, with the key and, for a body, JSON from the schema", () => {
    expect(endpoints.map((e) => `${e.method} ${e.path}`).sort()).toEqual(documentOperations().sort());
    for (const endpoint of endpoints) {
      const url = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => `$${name.toUpperCase()}`);
      expect(endpoint.curl).toContain(`curl -X ${endpoint.method} "$HANDOFF_URL${url}"`);
      expect(endpoint.curl).toContain('-H "Authorization: Bearer $HANDOFF_API_KEY"');
      if (endpoint.requestBody) {
        expect(endpoint.curl).toContain('-H "Content-Type: application/json"');
        const body = /-d '(.*)'$/m.exec(endpoint.curl)?.[1];
        expect(() => JSON.parse(body ?? "")).not.toThrow();
      }
    }
  });

  it("the resolve example sends a response, the message example a text", () => {
    const curl = (method: string, route: string) => endpoints.find((e) => e.method === method && e.path === route)!.curl;
    expect(curl("POST", "/api/v1/inbox/{id}/resolve")).toContain(`-d '{"response":{"approved":true}}'`);
    expect(curl("POST", "/api/v1/conversations/{id}/messages")).toContain(`-d '{"text":"text"}'`);
    expect(curl("POST", "/api/v1/inbox/{id}/resolve")).toContain("Idempotency-Key");
  });

  it("states each operation's scope and a readable outline of its answer", () => {
    const get = endpoints.find((e) => e.method === "GET" && e.path === "/api/v1/conversations/{id}")!;
    expect(get.scopes).toEqual(["conversations:read"]);
    expect(get.responses.find((r) => r.status === "200")!.outline).toEqual(
      expect.arrayContaining([expect.stringMatching(/^ {2}status: "idle" \| "running" \| "waiting"/)]),
    );
  });
});
