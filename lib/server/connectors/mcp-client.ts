import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { serverEnv, type ServerEnv } from "@/lib/server/env";
import type { LookupAll } from "@/lib/server/http/outbound-url-guard";
import { classifyMcpFailure, type McpFailure } from "./call-outcome";
import type { McpCallOutcome, McpToolInfo } from "./contract";
import { guardedFetch } from "./guarded-fetch";

/**
 * The MCP client of connectors: the SDK's `Client` over Streamable HTTP (no stdio on a hosted
 * service), every request through the SSRF guard (guarded-fetch.ts). One session per operation:
 * connect, list or call, close, all within the connector's timeout; a session that hears
 * `notifications/tools/list_changed` meanwhile tells `onToolsChanged` (the catalog refreshes its cache).
 * Failures are outcomes, never thrown, except the caller's own abort.
 */

export interface McpEndpoint {
  url: string;
  /** Sent as `Authorization: Bearer <token>`; none for a connector without authentication. */
  token: string | null;
  timeoutMs: number;
}

export interface McpClientSettings {
  env?: Pick<ServerEnv, "OUTBOUND_ALLOW_PRIVATE">;
  /** Replaces the system resolver (tests). */
  lookup?: LookupAll;
  signal?: AbortSignal;
  onToolsChanged?: () => void;
}

/** Tool lists longer than this many pages are cut: a server that pages forever must not hold us. */
const MAX_PAGES = 20;

export type McpListOutcome = { kind: "ok"; tools: McpToolInfo[] } | McpFailure;

function toolInfo(tool: Tool): McpToolInfo {
  return {
    name: tool.name,
    ...(tool.title !== undefined && { title: tool.title }),
    description: tool.description ?? "",
    inputSchema: tool.inputSchema as Record<string, unknown>,
    readOnlyHint: tool.annotations?.readOnlyHint === true,
  };
}

/** A result's content blocks as text; structured content as JSON when no block is text. */
export function flattenContent(result: Pick<CallToolResult, "content" | "structuredContent">): string {
  const parts = (result.content ?? []).map((block) => {
    switch (block.type) {
      case "text":
        return block.text;
      case "resource":
        return "text" in block.resource ? block.resource.text : `[resource ${block.resource.uri}]`;
      case "resource_link":
        return `[link ${block.uri}]`;
      default:
        return `[${block.type} ${"mimeType" in block ? block.mimeType : ""}]`.replace(" ]", "]");
    }
  });
  if (!(result.content ?? []).some((block) => block.type === "text") && result.structuredContent !== undefined) {
    return JSON.stringify(result.structuredContent);
  }
  return parts.join("\n");
}

/** Runs `work` in one session within `timeoutMs`; failures classified. */
async function inSession<T>(
  endpoint: McpEndpoint,
  settings: McpClientSettings,
  work: (client: Client, signal: AbortSignal) => Promise<T>,
): Promise<{ kind: "done"; value: T } | McpFailure> {
  const started = performance.now();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`No answer within ${endpoint.timeoutMs} ms.`));
  }, endpoint.timeoutMs);
  const onOuterAbort = () => controller.abort(settings.signal?.reason);
  settings.signal?.addEventListener("abort", onOuterAbort, { once: true });
  const env = settings.env ?? serverEnv();
  const transport = new StreamableHTTPClientTransport(new URL(endpoint.url), {
    fetch: guardedFetch({ allowPrivate: env.OUTBOUND_ALLOW_PRIVATE, lookup: settings.lookup }),
    requestInit: { headers: endpoint.token ? { authorization: `Bearer ${endpoint.token}` } : {}, signal: controller.signal },
    reconnectionOptions: { maxRetries: 0, initialReconnectionDelay: 1000, maxReconnectionDelay: 1000, reconnectionDelayGrowFactor: 1 },
  });
  const client = new Client(
    { name: "handoff", version: "1.0.0" },
    { listChanged: { tools: { autoRefresh: false, debounceMs: 0, onChanged: () => settings.onToolsChanged?.() } } },
  );
  // The SDK's own timeout would race ours; ours covers connect and call together.
  const options = { signal: controller.signal, timeout: endpoint.timeoutMs + 1000 };
  try {
    if (settings.signal?.aborted) throw settings.signal.reason;
    await client.connect(transport, options);
    return { kind: "done", value: await work(client, controller.signal) };
  } catch (error) {
    if (settings.signal?.aborted) throw settings.signal.reason;
    return classifyMcpFailure(error, { timedOut, afterMs: Math.round(performance.now() - started) });
  } finally {
    clearTimeout(timer);
    settings.signal?.removeEventListener("abort", onOuterAbort);
    await client.close().catch(() => undefined);
  }
}

/** Every tool the server lists (following `nextCursor`). */
export async function listMcpTools(endpoint: McpEndpoint, settings: McpClientSettings = {}): Promise<McpListOutcome> {
  const outcome = await inSession(endpoint, settings, async (client, signal) => {
    const tools: McpToolInfo[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await client.listTools(cursor ? { cursor } : undefined, { signal, timeout: endpoint.timeoutMs + 1000 });
      tools.push(...answer.tools.map(toolInfo));
      cursor = answer.nextCursor;
      if (!cursor) break;
    }
    return tools;
  });
  return outcome.kind === "done" ? { kind: "ok", tools: outcome.value } : outcome;
}

/** Calls one tool; a JSON-RPC error of the call itself is the server's answer (an error result), not an outage. */
export async function callMcpTool(
  endpoint: McpEndpoint,
  name: string,
  args: unknown,
  settings: McpClientSettings = {},
): Promise<McpCallOutcome> {
  const outcome = await inSession(endpoint, settings, async (client, signal) => {
    try {
      const result = (await client.callTool({ name, arguments: (args ?? {}) as Record<string, unknown> }, undefined, {
        signal,
        timeout: endpoint.timeoutMs + 1000,
      })) as CallToolResult;
      return { kind: "ok" as const, text: flattenContent(result), isError: result.isError === true };
    } catch (error) {
      if (
        error instanceof McpError &&
        error.code !== ErrorCode.ConnectionClosed &&
        error.code !== ErrorCode.RequestTimeout &&
        !signal.aborted
      ) {
        return { kind: "ok" as const, text: error.message, isError: true };
      }
      throw error;
    }
  });
  return outcome.kind === "done" ? outcome.value : outcome;
}
