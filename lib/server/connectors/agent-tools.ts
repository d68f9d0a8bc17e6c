import Ajv from "ajv";
import { defineTool, type GloveTool } from "@/lib/agent";
import { logger } from "@/lib/server/logger";
import {
  reconnectConnectorAnswer,
  reconnectConnectorProps,
  type ReconnectConnectorAnswer,
  type ReconnectConnectorProps,
} from "@/lib/tools/reconnect-connector/shape";
import { connectorToolName } from "./agent-tool-names";
import type { ConnectorCatalog, EnabledConnectorTool } from "./contract";
import { stripInvisibleTags } from "@/lib/server/http/invisible-text";
import { callWithReconnect } from "./reconnect";

/** Longest description the model reads of one connector tool (servers write essays). */
export const MAX_CONNECTOR_DESCRIPTION = 1_000;

/** A connector's tool as the agent offers it: a GloveTool, plus what people call it and where it comes from. */
export interface ConnectorAgentTool extends GloveTool<unknown, ReconnectConnectorProps, ReconnectConnectorAnswer> {
  /** What people read ("Acme CRM: Look up a contact"). */
  title: string;
  connectorId: string;
}

interface ConnectorToolsOptions {
  /** Where a tool left out is reported (tests listen here). */
  warn?: (message: string, fields: Record<string, unknown>) => void;
}

/**
 * The organization's enabled connector tools as agent tools, `<connector>__<tool>`. A tool whose
 * schema the model could not be given, or whose name another tool of the connector already has,
 * is left out with a logged reason: an agent with one tool less still works.
 */
export async function connectorTools(catalog: ConnectorCatalog, options: ConnectorToolsOptions = {}): Promise<ConnectorAgentTool[]> {
  const warn = options.warn ?? logger.warn;
  const entries = await catalog.enabledTools();
  const named = entries.map((entry) => ({ entry, name: connectorToolName(entry.connectorName, entry.tool.name) }));
  // A tool that keeps its server name claims it first, the rest by server name: the same list always gives the same names.
  named.sort(
    (a, b) => rank(a) - rank(b) || compare(a.entry.connectorName, b.entry.connectorName) || compare(a.entry.tool.name, b.entry.tool.name),
  );
  const taken = new Set<string>();
  const tools: ConnectorAgentTool[] = [];
  for (const { entry, name } of named) {
    const where = { connectorId: entry.connectorId, tool: entry.tool.name, name };
    const problem = schemaProblem(entry.tool.inputSchema);
    if (problem) {
      warn("a connector tool was left out: its input schema cannot be offered to a model", { ...where, problem });
      continue;
    }
    if (taken.has(name)) {
      warn("a connector tool was left out: another tool of its connector has the same model name", where);
      continue;
    }
    taken.add(name);
    tools.push(connectorTool(catalog, entry, name));
  }
  return tools;
}

/**
 * The titles people read for the tools `connectorTools` offers, by model name (the chat's tool rows;
 * permission cards carry theirs). Built by `connectorTools` itself, so a name never means another tool here.
 */
export async function connectorToolTitles(catalog: ConnectorCatalog): Promise<Record<string, string>> {
  const tools = await connectorTools(catalog, { warn: () => {} });
  return Object.fromEntries(tools.map((tool) => [tool.name, tool.title]));
}

const rank = ({ entry, name }: { entry: EnabledConnectorTool; name: string }) =>
  name === `${entry.connectorName}__${entry.tool.name}` ? 0 : 1;
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** What people call a connector tool: the connector's title and the tool's own title (or its name in words). */
export function connectorToolTitle(entry: EnabledConnectorTool): string {
  const words = entry.tool.name.replace(/[_.\-/]+/g, " ").trim();
  const tool = entry.tool.title?.trim() || words.charAt(0).toUpperCase() + words.slice(1);
  return `${entry.connectorTitle}: ${tool}`;
}

function connectorTool(catalog: ConnectorCatalog, entry: EnabledConnectorTool, name: string): ConnectorAgentTool {
  const title = connectorToolTitle(entry);
  const tool = defineTool<unknown, ReconnectConnectorProps, ReconnectConnectorAnswer>({
    name,
    description: describe(title, entry.tool.description),
    jsonSchema: withoutDialect(entry.tool.inputSchema),
    displayPropsSchema: reconnectConnectorProps,
    resolveSchema: reconnectConnectorAnswer,
    requiresPermission: entry.requiresPermission,
    // A call that may change the other system runs to its own timeout: a Stop cannot undo what the server already did.
    unAbortable: !entry.tool.readOnlyHint,
    async do(input, display, _glove, signal, ctx) {
      return callWithReconnect(entry, display, () =>
        catalog.callTool(entry.connectorId, entry.tool.name, input, { signal, callId: ctx.callId, runId: ctx.runId }),
      );
    },
  });
  return { ...tool, title, connectorId: entry.connectorId };
}

function describe(title: string, description: string): string {
  const text = stripInvisibleTags(`${title}. ${description.trim()}`).trim();
  return text.length <= MAX_CONNECTOR_DESCRIPTION ? text : `${text.slice(0, MAX_CONNECTOR_DESCRIPTION - 1)}…`;
}

/** The model is sent the schema without `$schema` (as built-in tools' are); the dialect is the server's business. */
function withoutDialect(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}

// Checks schemas only (never compiles or runs them): `strict: false` takes the keywords other dialects add.
const ajv = new Ajv({ strict: false, validateSchema: true });

/** Why a server's input schema cannot be the model's (null when it can): an object schema that is valid JSON Schema. */
function schemaProblem(schema: unknown): string | null {
  if (!schema || typeof schema !== "object" || Array.isArray(schema)) return "the schema is not an object";
  const body = withoutDialect(schema as Record<string, unknown>);
  if (body.type !== "object") return `its type is ${JSON.stringify(body.type ?? null)}, not "object"`;
  if (ajv.validateSchema(body) !== true) return ajv.errorsText(ajv.errors);
  return null;
}
