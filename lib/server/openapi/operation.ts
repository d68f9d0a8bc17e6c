import type { OpenAPIRegistry, RouteConfig, ZodContentObject } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import type { ApiKeyScope } from "@/lib/schemas/api-keys";
import { v1ErrorSchema } from "@/lib/schemas/v1-errors";
import { nameJsonValues } from "./json-values";

/**
 * One operation of /api/v1 as the document states it: the scopes as the `security` requirement
 * (OpenAPI 3.1 lets a bearer scheme list role names) and a sentence of the description, and the
 * error envelope for every refusal the route can give. Each route group's module
 * (inbox.ts, conversations.ts, forms.ts) registers its operations with the zod schemas its route
 * files validate and answer with.
 */

export const SECURITY_SCHEME = "apiKey";

export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429;

const ERROR_MEANINGS: Record<ErrorStatus, string> = {
  400: "The request is malformed (e.g. the Idempotency-Key header or the JSON).",
  401: "The API key is missing, malformed, unknown, revoked or expired.",
  402: "A limit of the organization's plan is reached (code plan_limit; details: metric, used, limit, plan): this month's API requests, or for a message its messages or model tokens.",
  403: "The API key lacks the scope this operation needs.",
  404: "Not found in the key's organization (another organization's objects alike).",
  409: "Conflicts with the current state (an answered item, an Idempotency-Key still in progress).",
  413: "The body is larger than this operation reads.",
  415: "The body is not sent as application/json.",
  422: "Invalid input: details.issues names each field and what is wrong with it.",
  429: "Too many requests from this key: wait Retry-After seconds.",
};

/** Every operation can be refused with these (authentication, the plan's monthly API requests, rate limit). */
const ALWAYS: ErrorStatus[] = [401, 402, 403, 429];

export const idempotencyKeyHeader = z.object({
  "Idempotency-Key": z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe(
      "1–200 printable characters. Retrying with the same key and body replays the first answer (Idempotent-Replayed: true) for 24 hours.",
    ),
});

export interface V1Operation {
  method: RouteConfig["method"];
  /** OpenAPI's path template: /api/v1/inbox/{id}. */
  path: string;
  summary: string;
  description?: string;
  scopes: ApiKeyScope[];
  request?: RouteConfig["request"];
  success: { status: number; description: string; content: ZodContentObject };
  errors: ErrorStatus[];
}

export function registerOperation(registry: OpenAPIRegistry, operation: V1Operation) {
  const scopeSentence = `Requires an API key with the scope${operation.scopes.length > 1 ? "s" : ""} ${operation.scopes.map((s) => `\`${s}\``).join(", ")}.`;
  const errors = [...new Set([...ALWAYS, ...operation.errors])].sort((a, b) => a - b);
  for (const schema of schemasOf(operation)) nameJsonValues(schema);
  registry.registerPath({
    method: operation.method,
    path: operation.path,
    summary: operation.summary,
    description: [operation.description, scopeSentence].filter(Boolean).join("\n\n"),
    security: [{ [SECURITY_SCHEME]: operation.scopes }],
    "x-scopes": operation.scopes,
    request: operation.request,
    responses: {
      [operation.success.status]: { description: operation.success.description, content: operation.success.content },
      ...Object.fromEntries(
        errors.map((status) => [
          status,
          { description: ERROR_MEANINGS[status], content: { "application/json": { schema: v1ErrorSchema } } },
        ]),
      ),
    },
  });
}

function schemasOf(operation: V1Operation): z.ZodType[] {
  const { request, success } = operation;
  const contents = [request?.body?.content, success.content].flatMap((content) => Object.values(content ?? {}));
  return [
    request?.params,
    request?.query,
    request?.headers,
    ...contents.map((media) => (media && "schema" in media ? media.schema : undefined)),
  ].filter((schema): schema is z.ZodType => schema instanceof z.ZodType);
}

export const jsonBody = (schema: z.ZodType, description?: string) => ({
  required: true,
  description,
  content: { "application/json": { schema } },
});

export const jsonContent = (schema: z.ZodType) => ({ "application/json": { schema } });

/** An SSE answer: `id:` the event number, `event:` its type, `data:` its JSON (docs/api.md). */
export const eventStreamContent = {
  "text/event-stream": {
    schema: z
      .string()
      .describe("Server-sent events: `id` is the event number (send it back as Last-Event-ID), `event` the type, `data` JSON."),
  },
};
