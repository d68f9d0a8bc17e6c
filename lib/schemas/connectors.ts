import { z } from "zod";
import { shortText, trimmedText } from "./text";

/** The wire shapes of MCP connectors (docs/connectors.md): admins add and change them, people connect their own token. */

/** The `<connector>` of the agent's `<connector>__<tool>` names (lib/server/connectors/contract.ts). */
export const CONNECTOR_NAME_PATTERN = /^[a-z][a-z0-9_]{0,23}$/;
export const CONNECTOR_AUTH_MODES = ["none", "shared", "per_person"] as const;
export const CONNECTOR_URL_MAX = 2000;
export const CONNECTOR_TITLE_MAX = 80;
export const CONNECTOR_TOKEN_MAX = 4000;
export const CONNECTOR_TIMEOUT_MS = { min: 1_000, max: 60_000, default: 15_000 } as const;
export const CONNECTOR_RESULT_CHARS = { min: 1_000, max: 100_000, default: 20_000 } as const;

export const AUTH_MODE_LABELS: Record<(typeof CONNECTOR_AUTH_MODES)[number], string> = {
  none: "No authentication",
  shared: "A shared token (the admin enters it)",
  per_person: "Each person's own token",
};

const name = trimmedText()
  .regex(CONNECTOR_NAME_PATTERN, "Use 1–24 lowercase letters, digits or underscores, starting with a letter (e.g. acme_crm).")
  .refine(
    (value) => !value.includes("__"),
    "Do not use two underscores in a row: they separate the connector from the tool in the agent's tool names.",
  );
const title = trimmedText()
  .min(1, "Enter a title people will read, e.g. Acme CRM.")
  .max(CONNECTOR_TITLE_MAX, `At most ${CONNECTOR_TITLE_MAX} characters.`);
const url = z
  .string()
  .trim()
  .min(1, "Enter the MCP server's URL (its Streamable HTTP endpoint).")
  .max(CONNECTOR_URL_MAX, `At most ${CONNECTOR_URL_MAX} characters.`)
  .refine((value) => URL.canParse(value), "Enter an absolute URL, e.g. https://mcp.example.com/mcp.")
  // Every member reads the URL, and the audit keeps it: a key in the query string would be on show.
  .refine(
    (value) => !URL.canParse(value) || (new URL(value).search === "" && new URL(value).hash === ""),
    "Leave the query string out of the URL: put a key in the shared token (or let each person connect their own).",
  );
const authMode = z.enum(CONNECTOR_AUTH_MODES, "Choose none, shared or per_person.");
const token = shortText().min(1, "Enter the token.").max(CONNECTOR_TOKEN_MAX, `At most ${CONNECTOR_TOKEN_MAX} characters.`);
const timeoutMs = z
  .int("Enter a whole number of milliseconds.")
  .min(CONNECTOR_TIMEOUT_MS.min, "At least 1,000 ms (1 s).")
  .max(CONNECTOR_TIMEOUT_MS.max, "At most 60,000 ms (60 s).");
const maxResultChars = z
  .int("Enter a whole number of characters.")
  .min(CONNECTOR_RESULT_CHARS.min, "At least 1,000 characters.")
  .max(CONNECTOR_RESULT_CHARS.max, "At most 100,000 characters.");

/** POST /api/orgs/{slug}/connectors. A shared connector needs its token. */
export const createConnectorSchema = z
  .object({
    name,
    title,
    url,
    auth_mode: authMode.default("none"),
    shared_token: token.optional(),
    timeout_ms: timeoutMs.default(CONNECTOR_TIMEOUT_MS.default),
    max_result_chars: maxResultChars.default(CONNECTOR_RESULT_CHARS.default),
  })
  .refine((body) => body.auth_mode !== "shared" || body.shared_token !== undefined, {
    path: ["shared_token"],
    message: "A connector with a shared token needs the token.",
  });
export type CreateConnectorInput = z.input<typeof createConnectorSchema>;

/**
 * PATCH /api/orgs/{slug}/connectors/{connectorId}: any of the fields; `shared_token: null` removes it. The name
 * and the URL stay: people's tokens and the tools an admin enabled (some without a card) were given for that server.
 */
export const updateConnectorSchema = z
  .object({ title, auth_mode: authMode, shared_token: token.nullable(), timeout_ms: timeoutMs, max_result_chars: maxResultChars })
  .partial()
  .extend({
    url: z
      .never({
        error:
          "A connector's URL cannot be changed: its people's tokens and enabled tools were given for that server. Add a new connector instead.",
      })
      .optional(),
  })
  .refine((body) => Object.keys(body).length > 0, "Send at least one of title, auth_mode, shared_token, timeout_ms, max_result_chars.");
export type UpdateConnectorInput = z.input<typeof updateConnectorSchema>;

/** PATCH /api/orgs/{slug}/connectors/{connectorId}/tools/{toolName}. */
export const updateConnectorToolSchema = z
  .object({ enabled: z.boolean(), requires_permission: z.boolean() })
  .partial()
  .refine((body) => Object.keys(body).length > 0, "Send enabled, requires_permission or both.");

/** PUT /api/orgs/{slug}/connectors/{connectorId}/credential: the person's own token. */
export const connectorCredentialSchema = z.object({ token });

/** POST .../{connectorId}/oauth/start: where the callback sends the person back (a path of this app). */
export const connectorOAuthStartSchema = z.object({
  return_to: z
    .string()
    .max(500)
    .regex(/^\/(?![/\\])/, "A path of this app, starting with one /.")
    .optional(),
});
export const connectorOAuthStartResponseSchema = z.object({ authorization_url: z.string() });

export const connectorToolViewSchema = z.object({
  name: z.string(),
  title: z.string().nullable(),
  description: z.string(),
  input_schema: z.record(z.string(), z.unknown()),
  read_only: z.boolean(),
  enabled: z.boolean(),
  /** The admin's choice for an enabled tool; for one that is off, what enabling it would default to. */
  requires_permission: z.boolean(),
});
export type ConnectorToolView = z.infer<typeof connectorToolViewSchema>;

/** A connector as a member sees it: never a token. Admins see every listed tool, members the enabled ones. */
export const connectorViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  url: z.string(),
  auth_mode: authMode,
  has_shared_token: z.boolean(),
  timeout_ms: z.number(),
  max_result_chars: z.number(),
  /** Per-person connectors: whether the asking person has connected their token. */
  connected: z.boolean(),
  tools: z.array(connectorToolViewSchema),
  tools_fetched_at: z.string().nullable(),
  last_ok_at: z.string().nullable(),
  last_error_at: z.string().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
});
export type ConnectorView = z.infer<typeof connectorViewSchema>;

export const connectorListSchema = z.object({ connectors: z.array(connectorViewSchema) });
export const connectorResponseSchema = z.object({ connector: connectorViewSchema });

/** POST .../refresh: the connector with its fresh list, or the reason the server could not be listed. */
export const connectorRefreshSchema = z.object({
  connector: connectorViewSchema,
  refresh: z.object({ ok: z.boolean(), message: z.string().nullable() }),
});
