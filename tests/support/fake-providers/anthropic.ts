import type http from "node:http";
import {
  FakeHttpServer,
  dropConnection,
  sleep,
  tokenize,
  write,
  type ErrorReply,
  type RecordedRequest,
  type ReplyScript,
  type StreamTiming,
} from "./fake-http-server";

/**
 * A local stand-in for the Anthropic Messages API (`POST /v1/messages`, `stream: true`),
 * speaking its SSE wire format: message_start, content_block_start / delta / stop for text,
 * thinking and tool_use (input_json_delta), message_delta with usage, message_stop.
 */

export type AnthropicFakeContent =
  | { type: "text"; text: string }
  | { type: "tool_use"; id: string; name: string; input: unknown }
  | { type: "thinking"; thinking: string; signature: string };

export interface AnthropicFakeUsage {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
}

export interface AnthropicStreamReply extends StreamTiming {
  kind: "stream";
  content: AnthropicFakeContent[];
  usage?: Partial<AnthropicFakeUsage>;
  /** Defaults to "tool_use" when the content has a tool_use block, else "end_turn". */
  stop_reason?: "end_turn" | "tool_use" | "max_tokens";
  /** Cut the connection after this many content deltas (a dropped connection mid-stream). */
  dropAfterDeltas?: number;
  /** Send an SSE `error` event (e.g. overloaded_error) after this many content deltas. */
  errorEventAfterDeltas?: { deltas: number; type: "overloaded_error" | "api_error" };
}

export type AnthropicReply = AnthropicStreamReply | ErrorReply;

const ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  500: "api_error",
  529: "overloaded_error",
};

export function anthropicText(text: string, extra: Partial<AnthropicStreamReply> = {}): AnthropicStreamReply {
  return { kind: "stream", content: [{ type: "text", text }], ...extra };
}

export function anthropicToolUse(
  call: { id: string; name: string; input: unknown },
  extra: Partial<AnthropicStreamReply> & { text?: string } = {},
): AnthropicStreamReply {
  const { text, ...rest } = extra;
  const content: AnthropicFakeContent[] = text ? [{ type: "text", text }] : [];
  content.push({ type: "tool_use", ...call });
  return { kind: "stream", content, ...rest };
}

export function anthropicError(status: number, headers?: Record<string, string>): ErrorReply {
  return { kind: "error", status, headers };
}

export type FakeAnthropicServer = FakeHttpServer<AnthropicReply>;

export function startFakeAnthropic(defaultReply: ReplyScript<AnthropicReply> = anthropicText("ok")): Promise<FakeAnthropicServer> {
  return new FakeHttpServer<AnthropicReply>(defaultReply, respond).listen();
}

/** The body the adapter sent, typed loosely for assertions. */
export function anthropicBody(request: RecordedRequest | undefined): AnthropicRequestBody {
  if (!request) throw new Error("no request was recorded");
  return request.body as AnthropicRequestBody;
}

export interface AnthropicRequestBody {
  model: string;
  max_tokens: number;
  stream?: boolean;
  system?: Array<{ type: "text"; text: string; cache_control?: unknown }>;
  tools?: Array<{ name: string; description?: string; input_schema: unknown; cache_control?: unknown }>;
  thinking?: unknown;
  messages: Array<{ role: "user" | "assistant"; content: string | Array<Record<string, unknown>> }>;
}

async function respond(reply: AnthropicReply, _request: RecordedRequest, res: http.ServerResponse): Promise<void> {
  if (reply.kind === "error") return respondWithError(reply, res);
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", "request-id": "req_fake" });
  const usage: AnthropicFakeUsage = {
    input_tokens: 10,
    output_tokens: 0,
    cache_read_input_tokens: 0,
    cache_creation_input_tokens: 0,
    ...reply.usage,
  };
  const send = (event: string, data: unknown) => write(res, `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

  await send("message_start", {
    type: "message_start",
    message: {
      id: "msg_fake",
      type: "message",
      role: "assistant",
      model: "claude-fake",
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { ...usage, output_tokens: 1 },
    },
  });
  await sleep(reply.timeToFirstTokenMs);

  let deltas = 0;
  // Returns false once the scripted interruption happened, to stop the stream there.
  const beforeDelta = async (): Promise<boolean> => {
    if (deltas > 0) await sleep(reply.interTokenDelayMs);
    if (reply.dropAfterDeltas !== undefined && deltas >= reply.dropAfterDeltas) {
      dropConnection(res);
      return false;
    }
    if (reply.errorEventAfterDeltas && deltas >= reply.errorEventAfterDeltas.deltas) {
      await send("error", { type: "error", error: { type: reply.errorEventAfterDeltas.type, message: "Overloaded" } });
      res.end();
      return false;
    }
    deltas += 1;
    return true;
  };

  for (const [index, block] of reply.content.entries()) {
    if (block.type === "text") {
      await send("content_block_start", { type: "content_block_start", index, content_block: { type: "text", text: "" } });
      for (const token of tokenize(block.text)) {
        if (!(await beforeDelta())) return;
        await send("content_block_delta", { type: "content_block_delta", index, delta: { type: "text_delta", text: token } });
      }
    } else if (block.type === "thinking") {
      await send("content_block_start", {
        type: "content_block_start",
        index,
        content_block: { type: "thinking", thinking: "", signature: "" },
      });
      if (!(await beforeDelta())) return;
      await send("content_block_delta", {
        type: "content_block_delta",
        index,
        delta: { type: "thinking_delta", thinking: block.thinking },
      });
      await send("content_block_delta", {
        type: "content_block_delta",
        index,
        delta: { type: "signature_delta", signature: block.signature },
      });
    } else {
      await send("content_block_start", {
        type: "content_block_start",
        index,
        content_block: { type: "tool_use", id: block.id, name: block.name, input: {} },
      });
      const json = JSON.stringify(block.input);
      for (let at = 0; at < json.length; at += 12) {
        if (!(await beforeDelta())) return;
        await send("content_block_delta", {
          type: "content_block_delta",
          index,
          delta: { type: "input_json_delta", partial_json: json.slice(at, at + 12) },
        });
      }
    }
    await send("content_block_stop", { type: "content_block_stop", index });
  }

  const hasToolUse = reply.content.some((block) => block.type === "tool_use");
  await send("message_delta", {
    type: "message_delta",
    delta: { stop_reason: reply.stop_reason ?? (hasToolUse ? "tool_use" : "end_turn"), stop_sequence: null },
    usage: { output_tokens: usage.output_tokens || deltas },
  });
  await send("message_stop", { type: "message_stop" });
  res.end();
}

function respondWithError(reply: ErrorReply, res: http.ServerResponse): void {
  const type = reply.code ?? ERROR_TYPES[reply.status] ?? "api_error";
  res.writeHead(reply.status, { "content-type": "application/json", "request-id": "req_fake_error", ...reply.headers });
  // An upstream body with text that must never reach a person (see the error tests).
  res.end(JSON.stringify({ type: "error", error: { type, message: reply.message ?? `upstream detail: ${type}` } }));
}
