import http from "node:http";
import { performance } from "node:perf_hooks";

/**
 * The load driver's HTTP client: node:http with a keep-alive agent and an incremental SSE parser
 * that costs the same per frame for the bare relay and for Handoff (one JSON.parse per event).
 * Only 127.0.0.1 is ever targeted.
 */

const newAgent = () => new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 512 });
let agent = newAgent();

/**
 * Drops every kept-alive connection. Call between phases: a connection left idle longer than the
 * server's keep-alive timeout (Node's default, 5 s, for `next start`) may be closed by the server
 * just as the next request is written on it, which the client sees as "socket hang up".
 */
export function freshConnections(): void {
  agent.destroy();
  agent = newAgent();
}

export interface SseEvent {
  type: string;
  seq: number | null;
  data: unknown;
  at: number;
}

export interface StreamResult {
  status: number;
  contentType: string;
  startedAt: number;
  headersAt: number;
  /** First `event:` frame of any type (heartbeat comments excluded). */
  firstEventAt: number;
  /** First `text_delta` frame. */
  firstTextAt: number;
  /** Last `text_delta` frame. */
  lastTextAt: number;
  endAt: number;
  /** Event frames received (comments excluded). */
  frames: number;
  textFrames: number;
  /** Characters of model text received in text_delta frames (the fake model's text is ASCII: bytes = characters). */
  textChars: number;
  /** Raw bytes of the response body. */
  bytes: number;
  /** Every non-text event, parsed, in order. */
  events: SseEvent[];
  /** The body when the answer was not an event stream. */
  body: string;
  error?: string;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  /** Called for every event frame as it is parsed (text_delta included). */
  onEvent?: (event: SseEvent) => void;
}

export interface StreamHandle {
  done: Promise<StreamResult>;
  /** Ends the request (e.g. an /events tail once the measurement is taken). */
  close(): void;
}

export function stream(url: string, options: RequestOptions = {}): StreamHandle {
  const startedAt = performance.now();
  const result: StreamResult = {
    status: 0,
    contentType: "",
    startedAt,
    headersAt: Number.NaN,
    firstEventAt: Number.NaN,
    firstTextAt: Number.NaN,
    lastTextAt: Number.NaN,
    endAt: Number.NaN,
    frames: 0,
    textFrames: 0,
    textChars: 0,
    bytes: 0,
    events: [],
    body: "",
  };
  let request: http.ClientRequest | undefined;
  let closedByUs = false;
  const done = new Promise<StreamResult>((resolve) => {
    let settled = false;
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      result.endAt = performance.now();
      if (error && !closedByUs) result.error = error;
      resolve(result);
    };
    const timer = setTimeout(() => {
      finish(`timeout after ${options.timeoutMs} ms`);
      request?.destroy();
    }, options.timeoutMs ?? 120_000);
    const headers: Record<string, string> = { accept: "text/event-stream, application/json", ...options.headers };
    if (options.body !== undefined) {
      headers["content-type"] ??= "application/json";
      headers["content-length"] = String(Buffer.byteLength(options.body));
    }
    request = http.request(url, { method: options.method ?? (options.body !== undefined ? "POST" : "GET"), headers, agent }, (response) => {
      result.status = response.statusCode ?? 0;
      result.headersAt = performance.now();
      result.contentType = String(response.headers["content-type"] ?? "");
      const isSse = result.contentType.includes("text/event-stream");
      response.setEncoding("utf8");
      let buffer = "";
      response.on("data", (chunk: string) => {
        result.bytes += Buffer.byteLength(chunk);
        if (!isSse) {
          result.body += chunk;
          return;
        }
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) !== -1) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          parseFrame(frame);
        }
      });
      response.on("end", () => finish());
      response.on("error", (error) => finish(error.message));
      response.on("aborted", () => finish("response aborted"));
    });
    request.on("error", (error) => finish(error.message));
    if (options.body !== undefined) request.write(options.body);
    request.end();
  });

  function parseFrame(frame: string) {
    let type = "message";
    let data = "";
    let seq: number | null = null;
    let any = false;
    for (const line of frame.split("\n")) {
      if (line.startsWith(":") || line === "") continue;
      any = true;
      const colon = line.indexOf(":");
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "event") type = value;
      else if (field === "data") data = data ? `${data}\n${value}` : value;
      else if (field === "id") seq = Number(value);
    }
    if (!any) return;
    const at = performance.now();
    result.frames += 1;
    if (Number.isNaN(result.firstEventAt)) result.firstEventAt = at;
    let parsed: unknown = data;
    try {
      parsed = JSON.parse(data);
    } catch {
      // keep the raw text
    }
    const event: SseEvent = { type, seq, data: parsed, at };
    if (type === "text_delta") {
      const text = (parsed as { text?: unknown })?.text;
      if (typeof text === "string") {
        result.textFrames += 1;
        result.textChars += text.length;
        if (Number.isNaN(result.firstTextAt)) result.firstTextAt = at;
        result.lastTextAt = at;
      }
    } else {
      result.events.push(event);
    }
    options.onEvent?.(event);
  }

  return {
    done,
    close() {
      closedByUs = true;
      request?.destroy();
    },
  };
}

/** A plain JSON request (small answers), with the time to the full body. */
export async function jsonRequest<T = unknown>(
  url: string,
  options: { method?: string; headers?: Record<string, string>; json?: unknown; body?: string; timeoutMs?: number } = {},
): Promise<{ status: number; body: T; text: string; headers: http.IncomingHttpHeaders; ms: number; bytes: number }> {
  const startedAt = performance.now();
  const body = options.json !== undefined ? JSON.stringify(options.json) : options.body;
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  if (options.json !== undefined) headers["content-type"] = "application/json";
  if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: options.method ?? (body !== undefined ? "POST" : "GET"), headers, agent, timeout: options.timeoutMs ?? 60_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const raw = Buffer.concat(chunks);
          const text = raw.toString("utf8");
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({
            status: response.statusCode ?? 0,
            body: parsed as T,
            text,
            headers: response.headers,
            ms: performance.now() - startedAt,
            bytes: raw.length,
          });
        });
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error("request timed out")));
    request.on("error", reject);
    if (body !== undefined) request.write(body);
    request.end();
  });
}
