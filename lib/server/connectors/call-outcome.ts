import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import type { McpCallOutcome } from "./contract";
import { UrlRefusedError } from "./guarded-fetch";

/**
 * What a failed exchange with an MCP server comes to (contract.ts's outcomes), with a sentence the
 * model can act on and the connector page shows as the last error. `timedOut` is set by the caller
 * whose timer fired: the SDK then only sees an aborted request.
 */
export type McpFailure = Exclude<McpCallOutcome, { kind: "ok" }>;

/** Foreign error text is cut: it reaches the model and the connector page. */
const MAX_DETAIL = 300;
const AUTH_MESSAGE = "The server refused the credential (it expired or was revoked). Connect the account again.";

export function classifyMcpFailure(error: unknown, timing: { timedOut: boolean; afterMs: number }): McpFailure {
  if (timing.timedOut) return { kind: "timeout", afterMs: timing.afterMs };
  if (error instanceof UnauthorizedError) return { kind: "auth_required", message: AUTH_MESSAGE };
  if (error instanceof StreamableHTTPError) {
    if (error.code === 401 || error.code === 403) return { kind: "auth_required", message: AUTH_MESSAGE };
    if (error.code === -1) return { kind: "unavailable", message: "The server did not answer as an MCP server (unexpected content type)." };
    return {
      kind: "unavailable",
      message: `The server answered HTTP ${error.code ?? "with an error"}; it may be down or not an MCP endpoint.`,
    };
  }
  if (error instanceof UrlRefusedError) return { kind: "unavailable", message: error.message };
  if (error instanceof McpError) return { kind: "unavailable", message: `The server's MCP session failed: ${error.message}` };
  const cause = (error as { cause?: { code?: string } } | null)?.cause?.code ?? (error as { code?: string } | null)?.code;
  if (typeof cause === "string" && /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EHOSTUNREACH|ETIMEDOUT|EPIPE)$/.test(cause)) {
    return { kind: "unavailable", message: `Could not reach the server (${cause}); it may be down.` };
  }
  // A JSON body that is not JSON-RPC fails the SDK's zod parse (zod 4's ZodError is no Error instance); a body that is not JSON, JSON.parse.
  if (error instanceof SyntaxError || (error as { name?: unknown } | null)?.name === "ZodError") {
    return { kind: "unavailable", message: "The server did not answer as an MCP server (not JSON-RPC); check the URL." };
  }
  const detail = error instanceof Error ? error.message : String(error);
  return { kind: "unavailable", message: `The server could not be used: ${detail.slice(0, MAX_DETAIL)}` };
}
