import type { ReferenceEndpoint, ReferenceParameter } from "@/lib/schemas/v1-reference";
import type { OpenApiDocument } from "./document";

/**
 * The document as the /docs/api page shows it: per operation its summary, scopes, parameters, a
 * readable outline of the request and response schemas, and a curl example built from the schema
 * (every operation has one; tests check it).
 */

type Schema = Record<string, unknown>;
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema };

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

export function apiReference(document: OpenApiDocument): ReferenceEndpoint[] {
  const resolve = (schema: Schema | undefined): Schema => {
    const ref = schema?.$ref;
    if (typeof ref !== "string") return schema ?? {};
    const name = ref.split("/").at(-1)!;
    return (document.components?.schemas?.[name] as Schema | undefined) ?? {};
  };
  const endpoints: ReferenceEndpoint[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = (item as Record<string, Schema | undefined>)[method];
      if (!operation) continue;
      const parameters = ((operation.parameters ?? []) as Parameter[]).map((p) => ({
        name: p.name,
        in: p.in,
        required: p.required === true,
        type: typeName(p.schema ?? {}),
        description: p.description ?? (resolve(p.schema).description as string | undefined) ?? "",
      }));
      const bodySchema = jsonSchemaOf(operation.requestBody as Schema | undefined);
      endpoints.push({
        id: `${method}-${path}`.replace(/[^a-z0-9]+/gi, "-").replace(/-$/, ""),
        method: method.toUpperCase(),
        path,
        summary: String(operation.summary ?? ""),
        description: String(operation.description ?? ""),
        scopes: (operation["x-scopes"] as string[] | undefined) ?? [],
        parameters,
        requestBody: bodySchema ? outline(bodySchema, resolve) : null,
        responses: Object.entries((operation.responses ?? {}) as Record<string, Schema>).map(([status, response]) => {
          const schema = jsonSchemaOf(response);
          const stream = (response.content as Record<string, unknown> | undefined)?.["text/event-stream"];
          return {
            status,
            description: String(response.description ?? ""),
            outline: [...(schema ? outline(schema, resolve) : []), ...(stream ? ["text/event-stream: server-sent events"] : [])],
          };
        }),
        curl: curlExample(method.toUpperCase(), path, parameters, bodySchema ? exampleOf(bodySchema, resolve) : undefined),
      });
    }
  }
  return endpoints;
}

const jsonSchemaOf = (holder: Schema | undefined) =>
  ((holder?.content as Record<string, { schema?: Schema }> | undefined)?.["application/json"]?.schema ?? null) as Schema | null;

/** A short type: a named schema by its name (JsonValue refers to itself: never followed), unions joined with |. */
function typeName(schema: Schema): string {
  if (typeof schema.$ref === "string") {
    const name = schema.$ref.split("/").at(-1)!;
    return name === "JsonValue" ? "any JSON" : name;
  }
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Schema[]).map(typeName).join(" | ");
  if (Array.isArray(schema.oneOf)) return (schema.oneOf as Schema[]).map(typeName).join(" | ");
  if (Array.isArray(schema.type)) return schema.type.join(" | ");
  if (schema.type === "array") return `${typeName((schema.items as Schema | undefined) ?? {})}[]`;
  if (typeof schema.type === "string") return schema.type;
  return "any JSON";
}

/** Fields as lines: "name: type (optional) — description", nested objects indented. Depth-capped: JSON values recurse. */
function outline(root: Schema, resolve: (s: Schema | undefined) => Schema, depth = 0): string[] {
  const schema = resolve(root);
  const properties = schema.properties as Record<string, Schema> | undefined;
  if (!properties || depth > 3) return depth === 0 ? [typeName(root)] : [];
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties).flatMap(([name, raw]) => {
    const field = resolve(raw);
    const item = field.type === "array" ? resolve(field.items as Schema) : field;
    const note = field.description ?? raw.description;
    const line = `${"  ".repeat(depth)}${name}: ${typeName(raw)}${required.has(name) ? "" : " (optional)"}${note ? ` — ${String(note)}` : ""}`;
    return [line, ...(item.properties ? outline(item, resolve, depth + 1) : [])];
  });
}

/** A plausible value for a schema: required fields (all of them at the top level, to show what can be sent). */
function exampleOf(root: Schema, resolve: (s: Schema | undefined) => Schema, depth = 0): unknown {
  if (typeof root.$ref === "string" && root.$ref.endsWith("/JsonValue")) return ANY_JSON_EXAMPLE;
  const schema = resolve(root);
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.anyOf)) return exampleOf((schema.anyOf as Schema[])[0], resolve, depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "object" && schema.properties) {
    const required = new Set((schema.required as string[] | undefined) ?? []);
    return Object.fromEntries(
      Object.entries(schema.properties as Record<string, Schema>)
        .filter(([name]) => depth === 0 || required.has(name))
        .map(([name, field]) => [name, exampleOf(field, resolve, depth + 1)]),
    );
  }
  if (type === "string") return "text";
  if (type === "integer" || type === "number") return 1;
  if (type === "boolean") return true;
  if (type === "array") return [];
  return ANY_JSON_EXAMPLE;
}

/** Any JSON (an inbox answer): the demo's yes/no decision. */
const ANY_JSON_EXAMPLE = { approved: true };

function curlExample(method: string, path: string, parameters: ReferenceParameter[], body: unknown): string {
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => `$${name.toUpperCase()}`);
  const lines = [`curl -X ${method} "$HANDOFF_URL${url}"`, `  -H "Authorization: Bearer $HANDOFF_API_KEY"`];
  if (parameters.some((p) => p.in === "header" && p.name === "Idempotency-Key")) lines.push(`  -H "Idempotency-Key: $(uuidgen)"`);
  if (body !== undefined) lines.push(`  -H "Content-Type: application/json"`, `  -d '${JSON.stringify(body)}'`);
  return lines.join(" \\\n");
}
