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
 * A local stand-in for the OpenAI Chat Completions API (`POST /v1/chat/completions`,
 * `stream: true`) and the servers that copy it (Ollama, LM Studio, vLLM): `data:` chunks
 * with content and tool_calls deltas, a usage chunk when `stream_options.include_usage`
 * is asked for, then `data: [DONE]`.
 */

export interface OpenAIFakeToolCall {
  id: string;
  name: string;
  arguments: unknown;
}

export interface OpenAIFakeUsage {
  prompt_tokens: number;
  completion_tokens: number;
  cached_tokens: number;
}

export interface OpenAIStreamReply extends StreamTiming {
  kind: "stream";
  text?: string;
  toolCalls?: OpenAIFakeToolCall[];
  usage?: Partial<OpenAIFakeUsage>;
  /** Cut the connection after this many content deltas (a dropped connection mid-stream). */
  dropAfterDeltas?: number;
}

export type OpenAIReply = OpenAIStreamReply | ErrorReply;

const ERROR_CODES: Record<number, { type: string; code: string | null }> = {
  400: { type: "invalid_request_error", code: null },
  401: { type: "invalid_request_error", code: "invalid_api_key" },
  404: { type: "invalid_request_error", code: "model_not_found" },
  429: { type: "requests", code: "rate_limit_exceeded" },
  500: { type: "server_error", code: null },
  503: { type: "server_error", code: null },
};

export function openaiText(text: string, extra: Partial<OpenAIStreamReply> = {}): OpenAIStreamReply {
  return { kind: "stream", text, ...extra };
}

export function openaiToolCall(call: OpenAIFakeToolCall, extra: Partial<OpenAIStreamReply> = {}): OpenAIStreamReply {
  return { kind: "stream", toolCalls: [call], ...extra };
}

export function openaiError(status: number, headers?: Record<string, string>): ErrorReply {
  return { kind: "error", status, headers };
}

export type FakeOpenAIServer = FakeHttpServer<OpenAIReply>;

export function startFakeOpenAI(defaultReply: ReplyScript<OpenAIReply> = openaiText("ok")): Promise<FakeOpenAIServer> {
  return new FakeHttpServer<OpenAIReply>(defaultReply, respond).listen();
}

export interface OpenAIRequestBody {
  model: string;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  max_tokens?: number;
  tools?: Array<{ type: "function"; function: { name: string; description?: string; parameters: unknown } }>;
  messages: Array<Record<string, unknown> & { role: string }>;
}

export function openaiBody(request: RecordedRequest | undefined): OpenAIRequestBody {
  if (!request) throw new Error("no request was recorded");
  return request.body as OpenAIRequestBody;
}

async function respond(reply: OpenAIReply, request: RecordedRequest, res: http.ServerResponse): Promise<void> {
  if (reply.kind === "error") return respondWithError(reply, res);
  const body = request.body as OpenAIRequestBody;
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const created = Math.floor(Date.now() / 1000);
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
    write(
      res,
      `data: ${JSON.stringify({ id: "chatcmpl-fake", object: "chat.completion.chunk", created, model: body.model, choices, ...extra })}\n\n`,
    );
  const delta = (d: Record<string, unknown>, finishReason: string | null = null) =>
    chunk([{ index: 0, delta: d, logprobs: null, finish_reason: finishReason }]);

  await delta({ role: "assistant", content: "" });
  await sleep(reply.timeToFirstTokenMs);

  let deltas = 0;
  const beforeDelta = async (): Promise<boolean> => {
    if (deltas > 0) await sleep(reply.interTokenDelayMs);
    if (reply.dropAfterDeltas !== undefined && deltas >= reply.dropAfterDeltas) {
      dropConnection(res);
      return false;
    }
    deltas += 1;
    return true;
  };

  for (const token of tokenize(reply.text ?? "")) {
    if (!(await beforeDelta())) return;
    await delta({ content: token });
  }
  for (const [index, call] of (reply.toolCalls ?? []).entries()) {
    if (!(await beforeDelta())) return;
    await delta({ tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: "" } }] });
    const json = JSON.stringify(call.arguments);
    for (let at = 0; at < json.length; at += 12) {
      if (!(await beforeDelta())) return;
      await delta({ tool_calls: [{ index, function: { arguments: json.slice(at, at + 12) } }] });
    }
  }
  await delta({}, reply.toolCalls?.length ? "tool_calls" : "stop");

  if (body.stream_options?.include_usage) {
    const usage: OpenAIFakeUsage = { prompt_tokens: 10, completion_tokens: deltas, cached_tokens: 0, ...reply.usage };
    await chunk([], {
      usage: {
        prompt_tokens: usage.prompt_tokens,
        completion_tokens: usage.completion_tokens,
        total_tokens: usage.prompt_tokens + usage.completion_tokens,
        prompt_tokens_details: { cached_tokens: usage.cached_tokens },
      },
    });
  }
  await write(res, "data: [DONE]\n\n");
  res.end();
}

function respondWithError(reply: ErrorReply, res: http.ServerResponse): void {
  const usual = ERROR_CODES[reply.status] ?? { type: "server_error", code: null };
  const { type, code } = reply.code ? { type: reply.code, code: reply.code } : usual;
  res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
  // An upstream body with text that must never reach a person (see the error tests).
  res.end(JSON.stringify({ error: { message: reply.message ?? `upstream detail: ${type}`, type, param: null, code } }));
}
