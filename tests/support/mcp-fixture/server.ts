/**
 * A test MCP server in its own process (Streamable HTTP, stateful sessions, the official SDK), for
 * the connector tests and the browser test. Started by `startMcpFixture()` (./start.ts); run by hand
 * with `PORT=4100 MCP_FIXTURE_TOKENS=alice-token:alice npx tsx tests/support/mcp-fixture/server.ts`.
 *
 * MCP endpoint: `POST|GET|DELETE /mcp`. Tools:
 * - `lookup_customer` {email}: read-only (`annotations.readOnlyHint: true`); answers "Customer <email>: Ada Lovelace, plan Pro".
 * - `create_ticket` {subject, body?}: a side effect; every call is counted and its arguments recorded; answers "Created ticket T-<n>".
 * - `whoami` {}: answers "You are <person>" for the request's bearer token, an error result without one.
 * - `slow_report` {}: answers after SLOW_MS (default 3000 ms), longer than a short connector timeout.
 * - `export_all` {}: about 1 MB of text ("row 000001 ...").
 *
 * Bearer tokens: `MCP_FIXTURE_TOKENS` is "token:person,token:person". A request with an
 * `Authorization: Bearer` header whose token is unknown or expired is answered 401; a request without
 * one is served (only `whoami` needs a person).
 *
 * A minimal OAuth authorization server for the per-person sign-in (MCP's authorization flow), on the
 * same origin (the MCP server is its own authorization server):
 * - `GET /.well-known/oauth-protected-resource` (also under `/mcp`): {resource: <base>/mcp, authorization_servers: [<base>]}.
 * - `GET /.well-known/oauth-authorization-server`: the metadata (code + PKCE S256, client_secret_post).
 * - `POST /register`: dynamic client registration; answers a client id and secret.
 * - `GET /authorize?...&as=<person>`: approves at once for <person> (no page) and redirects to the
 *   client's redirect_uri with `code` and `state`; without `as` it answers 400.
 * - `POST /token`: `authorization_code` (checks the client, redirect URI and PKCE verifier; a code is
 *   used once) and `refresh_token`; issues an access token that is a bearer token of <person> like
 *   those of MCP_FIXTURE_TOKENS (`/control/expire` expires it) and a refresh token.
 *
 * Control endpoints (JSON):
 * - `POST /control/expire` {token}: that token answers 401 from then on.
 * - `GET /control/calls`: {calls: [{tool, args, person}]}, every tools/call received, in order.
 * - `POST /control/tools` {name, description}: adds a read-only tool answering "<name> ran", and sends
 *   `notifications/tools/list_changed` to every open session.
 * - `GET /control/health`: 200 once listening (the starter waits for it).
 */
import { createHash, randomUUID } from "node:crypto";
import http from "node:http";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { z } from "zod";

const SLOW_MS = Number(process.env.SLOW_MS ?? 3000);
const tokens = new Map(
  (process.env.MCP_FIXTURE_TOKENS ?? "")
    .split(",")
    .filter(Boolean)
    .map((pair) => pair.split(":") as [string, string]),
);
const expired = new Set<string>();
const calls: { tool: string; args: unknown; person: string | null }[] = [];
const addedTools: { name: string; description: string }[] = [];
const sessions = new Map<string, { server: McpServer; transport: StreamableHTTPServerTransport }>();
let tickets = 0;
const clients = new Map<string, { secret: string; redirectUris: string[] }>();
const codes = new Map<string, { person: string; clientId: string; redirectUri: string; challenge: string }>();
const refreshTokens = new Map<string, string>();

type Extra = { authInfo?: { clientId: string } };
const personOf = (extra: Extra) => extra.authInfo?.clientId ?? null;
const text = (value: string) => ({ content: [{ type: "text" as const, text: value }] });

function record(tool: string, args: unknown, extra: Extra) {
  calls.push({ tool, args, person: personOf(extra) });
}

function addTool(server: McpServer, tool: { name: string; description: string }) {
  server.registerTool(tool.name, { description: tool.description, annotations: { readOnlyHint: true } }, (extra: Extra) => {
    record(tool.name, {}, extra);
    return text(`${tool.name} ran`);
  });
}

function newServer(): McpServer {
  const server = new McpServer({ name: "handoff-test-fixture", version: "1.0.0" }, { capabilities: { tools: { listChanged: true } } });
  server.registerTool(
    "lookup_customer",
    {
      description: "Looks a customer up by email.",
      inputSchema: { email: z.string().describe("The customer's email address") },
      annotations: { readOnlyHint: true },
    },
    (args, extra) => {
      record("lookup_customer", args, extra);
      return text(`Customer ${args.email}: Ada Lovelace, plan Pro`);
    },
  );
  server.registerTool(
    "create_ticket",
    {
      description: "Opens a support ticket.",
      inputSchema: { subject: z.string(), body: z.string().optional() },
      annotations: { readOnlyHint: false },
    },
    (args, extra) => {
      record("create_ticket", args, extra);
      tickets += 1;
      return text(`Created ticket T-${tickets}`);
    },
  );
  server.registerTool("whoami", { description: "Says whose token the request carries." }, (extra: Extra) => {
    record("whoami", {}, extra);
    const person = personOf(extra);
    return person ? text(`You are ${person}`) : { ...text("No token: connect your account."), isError: true };
  });
  server.registerTool("slow_report", { description: "A report that takes a while." }, async (extra: Extra) => {
    record("slow_report", {}, extra);
    await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
    return text("The slow report");
  });
  server.registerTool("export_all", { description: "Exports every row.", annotations: { readOnlyHint: true } }, (extra: Extra) => {
    record("export_all", {}, extra);
    const rows = Array.from({ length: 20_000 }, (_, i) => `row ${String(i + 1).padStart(6, "0")} ${"x".repeat(40)}`);
    return text(rows.join("\n"));
  });
  for (const tool of addedTools) addTool(server, tool);
  return server;
}

async function readJson(request: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString("utf8");
  return raw ? JSON.parse(raw) : undefined;
}

function reply(response: http.ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

async function control(request: http.IncomingMessage, response: http.ServerResponse, path: string) {
  if (path === "/control/health") return reply(response, 200, { ok: true });
  if (path === "/control/calls") return reply(response, 200, { calls });
  const body = (await readJson(request)) as Record<string, string>;
  if (path === "/control/expire") {
    expired.add(body.token);
    return reply(response, 200, { ok: true });
  }
  if (path === "/control/tools") {
    const tool = { name: body.name, description: body.description ?? "" };
    addedTools.push(tool);
    // registerTool on a connected server sends notifications/tools/list_changed itself.
    for (const { server } of sessions.values()) addTool(server, tool);
    return reply(response, 200, { ok: true });
  }
  reply(response, 404, { error: "no such control endpoint" });
}

async function readForm(request: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

function issueTokens(response: http.ServerResponse, person: string) {
  const access = `oauth-${randomUUID()}`;
  const refresh = `refresh-${randomUUID()}`;
  tokens.set(access, person);
  refreshTokens.set(refresh, person);
  reply(response, 200, { access_token: access, token_type: "Bearer", expires_in: 3600, refresh_token: refresh });
}

/** The authorization server (documented at the top). */
async function authorization(request: http.IncomingMessage, response: http.ServerResponse, url: URL) {
  const base = `http://${request.headers.host}`;
  if (url.pathname.startsWith("/.well-known/oauth-protected-resource")) {
    return reply(response, 200, { resource: `${base}/mcp`, authorization_servers: [base] });
  }
  if (url.pathname === "/.well-known/oauth-authorization-server") {
    return reply(response, 200, {
      issuer: base,
      authorization_endpoint: `${base}/authorize`,
      token_endpoint: `${base}/token`,
      registration_endpoint: `${base}/register`,
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["client_secret_post"],
    });
  }
  if (url.pathname === "/register") {
    const metadata = (await readJson(request)) as { redirect_uris: string[] };
    const client = { client_id: `client-${randomUUID()}`, client_secret: `secret-${randomUUID()}` };
    clients.set(client.client_id, { secret: client.client_secret, redirectUris: metadata.redirect_uris });
    return reply(response, 201, { ...metadata, ...client, token_endpoint_auth_method: "client_secret_post" });
  }
  if (url.pathname === "/authorize") {
    const query = url.searchParams;
    const client = clients.get(query.get("client_id") ?? "");
    const redirectUri = query.get("redirect_uri") ?? "";
    const person = query.get("as");
    if (!client || !client.redirectUris.includes(redirectUri) || !person || query.get("code_challenge_method") !== "S256") {
      return reply(response, 400, { error: "invalid_request" });
    }
    const code = `code-${randomUUID()}`;
    codes.set(code, { person, clientId: query.get("client_id")!, redirectUri, challenge: query.get("code_challenge") ?? "" });
    const back = new URL(redirectUri);
    back.searchParams.set("code", code);
    back.searchParams.set("state", query.get("state") ?? "");
    response.writeHead(302, { location: back.toString() }).end();
    return;
  }
  const form = await readForm(request);
  const client = clients.get(form.get("client_id") ?? "");
  if (!client || client.secret !== form.get("client_secret")) return reply(response, 401, { error: "invalid_client" });
  if (form.get("grant_type") === "refresh_token") {
    const person = refreshTokens.get(form.get("refresh_token") ?? "");
    if (!person) return reply(response, 400, { error: "invalid_grant" });
    return issueTokens(response, person);
  }
  const code = codes.get(form.get("code") ?? "");
  codes.delete(form.get("code") ?? "");
  const verifier = form.get("code_verifier") ?? "";
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  if (!code || code.clientId !== form.get("client_id") || code.redirectUri !== form.get("redirect_uri") || code.challenge !== challenge) {
    return reply(response, 400, { error: "invalid_grant" });
  }
  issueTokens(response, code.person);
}

const AUTHORIZATION_PATHS = ["/register", "/authorize", "/token"];

async function mcp(request: http.IncomingMessage & { auth?: AuthInfo }, response: http.ServerResponse) {
  const header = request.headers.authorization;
  if (header) {
    const token = header.replace(/^Bearer\s+/i, "");
    const person = tokens.get(token);
    if (!person || expired.has(token)) {
      response.writeHead(401, { "www-authenticate": 'Bearer error="invalid_token"' }).end("The token was refused.");
      return;
    }
    request.auth = { token, clientId: person, scopes: [] };
  }
  const sessionId = request.headers["mcp-session-id"];
  const body = request.method === "POST" ? await readJson(request) : undefined;
  const existing = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
  if (existing) return existing.transport.handleRequest(request, response, body);
  if (sessionId) return reply(response, 404, { jsonrpc: "2.0", error: { code: -32001, message: "Session not found" }, id: null });
  const server = newServer();
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (id) => void sessions.set(id, { server, transport }),
  });
  transport.onclose = () => {
    if (transport.sessionId) sessions.delete(transport.sessionId);
  };
  await server.connect(transport);
  await transport.handleRequest(request, response, body);
}

const httpServer = http.createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://fixture");
  const path = url.pathname;
  const handled = path.startsWith("/control/")
    ? control(request, response, path)
    : path === "/mcp"
      ? mcp(request, response)
      : path.startsWith("/.well-known/") || AUTHORIZATION_PATHS.includes(path)
        ? authorization(request, response, url)
        : null;
  if (!handled) return reply(response, 404, { error: "not found" });
  handled.catch((error: unknown) => {
    if (!response.headersSent) reply(response, 500, { error: String(error) });
  });
});

httpServer.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  const address = httpServer.address();
  // The starter reads this line to learn the port.
  console.log(`mcp-fixture listening on ${typeof address === "object" && address ? address.port : "?"}`);
});
