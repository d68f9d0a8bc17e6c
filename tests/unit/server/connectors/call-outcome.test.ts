// How a failed exchange with an MCP server becomes an outcome the model can act on.
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { classifyMcpFailure } from "@/lib/server/connectors/call-outcome";
import { UrlRefusedError } from "@/lib/server/connectors/guarded-fetch";

const ran = { timedOut: false, afterMs: 120 };
const refused = (cause: string) => Object.assign(new TypeError("fetch failed"), { cause: { code: cause } });

describe("classifyMcpFailure", () => {
  it.each([401, 403])("HTTP %i is auth_required", (status) => {
    expect(classifyMcpFailure(new StreamableHTTPError(status, "Error POSTing to endpoint"), ran)).toMatchObject({
      kind: "auth_required",
      message: expect.stringMatching(/Connect the account again/),
    });
  });

  it("the SDK's UnauthorizedError is auth_required", () => {
    expect(classifyMcpFailure(new UnauthorizedError("No auth provider"), ran).kind).toBe("auth_required");
  });

  it("our timer firing is a timeout, whatever the SDK saw (an abort)", () => {
    expect(classifyMcpFailure(new McpError(-32000, "Connection closed"), { timedOut: true, afterMs: 1_003 })).toEqual({
      kind: "timeout",
      afterMs: 1_003,
    });
  });

  it.each([
    ["another HTTP status", new StreamableHTTPError(404, "Not Found"), /HTTP 404/],
    [
      "a body that is not an event stream or JSON",
      new StreamableHTTPError(-1, "Unexpected content type: text/html"),
      /not answer as an MCP server/,
    ],
    ["a refused URL", new UrlRefusedError("The URL http://10.0.0.1/mcp points to a private … address"), /points to a private/],
    ["a refused connection", refused("ECONNREFUSED"), /Could not reach the server \(ECONNREFUSED\)/],
    ["an unknown host", refused("ENOTFOUND"), /ENOTFOUND/],
    ["JSON that is not JSON-RPC", new z.ZodError([]), /not JSON-RPC/],
    ["a broken session", new McpError(-32600, "Invalid request"), /MCP session failed/],
  ])("%s is unavailable with a sentence", (_name, error, message) => {
    expect(classifyMcpFailure(error, ran)).toMatchObject({ kind: "unavailable", message: expect.stringMatching(message) });
  });

  it("cuts a foreign error's text", () => {
    const outcome = classifyMcpFailure(new Error("x".repeat(5_000)), ran);
    expect(outcome.kind === "unavailable" && outcome.message.length).toBeLessThan(400);
  });
});
