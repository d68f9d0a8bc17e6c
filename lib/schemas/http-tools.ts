import { z } from "zod";
import { storedFieldSchema } from "@/lib/forms/stored-form";
import { trimmedText } from "./text";

/**
 * HTTP tools a team defines without code (docs/http-tools.md): the wire shapes of
 * /api/orgs/{slug}/http-tools and /api/orgs/{slug}/http-tool-secrets. The cross-checks a save runs
 * (placeholders known, no secret in the URL, the host fixed) are in lib/server/http-tools/check-definition.ts.
 */

export const HTTP_TOOL_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpToolMethod = (typeof HTTP_TOOL_METHODS)[number];

export const HTTP_TOOL_LIMITS = {
  fields: 30,
  headers: 20,
  urlLength: 2000,
  headerValueLength: 2000,
  descriptionLength: 1000,
  bodyTemplateBytes: 16 * 1024,
  secretValueLength: 4000,
  timeoutMs: { min: 1000, max: 30_000, default: 10_000 },
} as const;

export const HTTP_TOOL_NAME = /^[a-z][a-z0-9_]{0,39}$/;
export const HTTP_TOOL_SECRET_NAME = /^[A-Z][A-Z0-9_]{0,39}$/;

export const httpToolNameSchema = z
  .string()
  .trim()
  .regex(HTTP_TOOL_NAME, "Use 1 to 40 lowercase letters, digits and _, starting with a letter (the model calls the tool by this name).")
  // "a__b" is how connector tools are named (docs/http-tools.md).
  .refine((name) => !name.includes("__"), "Do not use a double underscore: connector tools are named that way.");

export const httpToolSecretNameSchema = z
  .string()
  .trim()
  .regex(HTTP_TOOL_SECRET_NAME, "Use 1 to 40 capital letters, digits and _, starting with a letter, e.g. CRM_TOKEN.");

/** A JSON value (the body template). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
const jsonValueSchema: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(jsonValueSchema), z.record(z.string(), jsonValueSchema)]),
);

const definitionShape = {
  name: httpToolNameSchema,
  description: trimmedText()
    .min(1, "Say what the tool does and when to use it: the model reads this.")
    .max(HTTP_TOOL_LIMITS.descriptionLength, `At most ${HTTP_TOOL_LIMITS.descriptionLength} characters.`),
  fields: z.array(storedFieldSchema).max(HTTP_TOOL_LIMITS.fields, `At most ${HTTP_TOOL_LIMITS.fields} input fields.`),
  method: z.enum(HTTP_TOOL_METHODS),
  url_template: z
    .string()
    .trim()
    .min(1, "Enter the URL the tool calls, e.g. https://api.example.com/orders/{{input.order_id}}.")
    .max(HTTP_TOOL_LIMITS.urlLength, `At most ${HTTP_TOOL_LIMITS.urlLength} characters.`),
  headers: z
    .record(z.string(), z.string().max(HTTP_TOOL_LIMITS.headerValueLength, `At most ${HTTP_TOOL_LIMITS.headerValueLength} characters.`))
    .refine((headers) => Object.keys(headers).length <= HTTP_TOOL_LIMITS.headers, `At most ${HTTP_TOOL_LIMITS.headers} headers.`),
  body_template: jsonValueSchema
    .nullable()
    .refine(
      (body) => JSON.stringify(body).length <= HTTP_TOOL_LIMITS.bodyTemplateBytes,
      `Keep the body template under ${HTTP_TOOL_LIMITS.bodyTemplateBytes / 1024} KB.`,
    ),
  timeout_ms: z
    .number()
    .int()
    .min(HTTP_TOOL_LIMITS.timeoutMs.min, "At least 1 second (1000 ms).")
    .max(HTTP_TOOL_LIMITS.timeoutMs.max, "At most 30 seconds (30000 ms)."),
  requires_permission: z.boolean(),
  enabled: z.boolean(),
};

/** POST /api/orgs/{slug}/http-tools. */
export const createHttpToolSchema = z.object({
  ...definitionShape,
  fields: definitionShape.fields.default([]),
  headers: definitionShape.headers.default({}),
  body_template: definitionShape.body_template.default(null),
  timeout_ms: definitionShape.timeout_ms.default(HTTP_TOOL_LIMITS.timeoutMs.default),
  requires_permission: definitionShape.requires_permission.default(true),
  enabled: definitionShape.enabled.default(true),
});
export type CreateHttpToolInput = z.input<typeof createHttpToolSchema>;
export type HttpToolDefinitionInput = z.output<typeof createHttpToolSchema>;

/** PATCH /api/orgs/{slug}/http-tools/{toolId}: any of the fields; the whole result is checked again. */
export const updateHttpToolSchema = z
  .object(definitionShape)
  .partial()
  .refine((body) => Object.keys(body).length > 0, "Send at least one field to change.");

export const httpToolViewSchema = z.object({
  id: z.string(),
  ...definitionShape,
  name: z.string(),
  description: z.string(),
  url_template: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type HttpToolView = z.infer<typeof httpToolViewSchema>;

export const httpToolListSchema = z.object({ tools: z.array(httpToolViewSchema) });

/** POST .../{toolId}/try: sample input, validated by the tool's own input schema. */
export const tryHttpToolSchema = z.object({ input: z.record(z.string(), z.unknown()).default({}) });

/** A request as shown to people and stored: every secret is `{{secret.NAME}}`, never its value. */
export const shownRequestSchema = z.object({
  method: z.string(),
  url: z.string(),
  headers: z.record(z.string(), z.string()),
  body: z.string().nullable(),
});
export type ShownRequest = z.infer<typeof shownRequestSchema>;

/** What a call gave: the tool result the model gets (status "success" or "error"). */
export const httpToolOutcomeSchema = z.object({
  status: z.enum(["success", "error"]),
  /** The sentence the model gets on an error. */
  message: z.string().nullable(),
  data: z.unknown(),
});

export const tryHttpToolResultSchema = z.object({
  /** Null when the input could not be rendered into a request (the outcome says why). */
  request: shownRequestSchema.nullable(),
  outcome: httpToolOutcomeSchema,
});
export type TryHttpToolResult = z.infer<typeof tryHttpToolResultSchema>;

/** PUT /api/orgs/{slug}/http-tool-secrets/{name}. */
export const putHttpToolSecretSchema = z.object({
  value: z
    .string()
    .min(1, "Enter the secret's value.")
    .max(HTTP_TOOL_LIMITS.secretValueLength, `At most ${HTTP_TOOL_LIMITS.secretValueLength} characters.`),
});

/** A secret as anyone sees it: its name and dates, never its value. */
export const httpToolSecretViewSchema = z.object({ name: z.string(), created_at: z.string(), updated_at: z.string() });
export type HttpToolSecretView = z.infer<typeof httpToolSecretViewSchema>;
export const httpToolSecretListSchema = z.object({ secrets: z.array(httpToolSecretViewSchema) });
