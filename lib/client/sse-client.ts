import { errorFromResponse, networkError, type ApiError } from "./api";
import { reconnectDelay } from "./backoff";
import { parseChatFrame, type ChatEvent } from "./chat-event";
import { createSseParser } from "./sse-parser";

/**
 * Reading run events over fetch (EventSource can neither POST nor send headers). Every event goes
 * to `onEvent` once per stream; the receiver still dedupes by seq, because the POST stream and the
 * GET /events tail deliver the same run.
 */

export const SSE_CONTENT_TYPE = "text/event-stream";

/** A silent connection is presumed dead after this long (the server sends a heartbeat every 15 s). */
export const HEARTBEAT_TIMEOUT_MS = 45_000;

/** Reads one SSE response to its end. Resolves when the server closes the stream; rejects on a network error or an abort. */
export async function readEventStream(response: Response, onEvent: (event: ChatEvent) => void, onActivity?: () => void): Promise<void> {
  if (!response.body) return;
  const parser = createSseParser(
    (frame) => {
      const event = parseChatFrame(frame);
      if (event) onEvent(event);
    },
    () => onActivity?.(),
  );
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onActivity?.();
      parser.feed(value);
    }
  } finally {
    parser.end();
    reader.releaseLock();
  }
}

export type TailStatus = "connecting" | "live" | "reconnecting" | "stopped";

export interface TailOptions {
  /** `/api/conversations/{id}/events` */
  url: string;
  /** The newest seq the receiver holds; asked before every (re)connect. */
  lastEventId: () => number;
  onEvent: (event: ChatEvent) => void;
  onStatus?: (status: TailStatus, error?: ApiError) => void;
  signal: AbortSignal;
  /** After the server closes a healthy stream (e.g. a deploy), reconnect after this long. */
  reopenDelayMs?: number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  fetchImpl?: typeof fetch;
}

/** Answers that reconnecting cannot fix: signed out, gone, no access. */
const FATAL = new Set([400, 401, 403, 404, 410]);

/**
 * Follows a conversation's events for as long as `signal` is not aborted: replays what the
 * receiver missed (`Last-Event-ID` and `?after=`), then tails. A dropped or silent connection
 * reconnects with backoff from the last event id; an answer reconnecting cannot fix stops it.
 */
export async function tailEvents(options: TailOptions): Promise<void> {
  const { signal, onStatus } = options;
  const sleep = options.sleep ?? abortableSleep;
  const fetchImpl = options.fetchImpl ?? fetch;
  let attempt = 0;
  while (!signal.aborted) {
    onStatus?.(attempt === 0 ? "connecting" : "reconnecting");
    const after = options.lastEventId();
    const connection = new AbortController();
    const abort = () => connection.abort();
    signal.addEventListener("abort", abort, { once: true });
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const armWatchdog = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(abort, HEARTBEAT_TIMEOUT_MS);
    };
    let healthy = false;
    try {
      armWatchdog();
      const separator = options.url.includes("?") ? "&" : "?";
      const response = await fetchImpl(`${options.url}${separator}after=${after}`, {
        headers: { accept: SSE_CONTENT_TYPE, "last-event-id": String(after) },
        cache: "no-store",
        signal: connection.signal,
      });
      if (!response.ok) {
        const error = await errorFromResponse(response);
        if (FATAL.has(response.status)) {
          onStatus?.("stopped", error);
          return;
        }
        throw error;
      }
      healthy = true;
      attempt = 0;
      onStatus?.("live");
      await readEventStream(response, options.onEvent, armWatchdog);
    } catch {
      // A network error, a 5xx or a silent connection: try again below.
    } finally {
      clearTimeout(watchdog);
      signal.removeEventListener("abort", abort);
    }
    if (signal.aborted) break;
    const delay = healthy ? (options.reopenDelayMs ?? 1000) : reconnectDelay(attempt++);
    onStatus?.("reconnecting");
    await sleep(delay, signal).catch(() => undefined);
  }
  onStatus?.("stopped");
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", stop, { once: true });
  });
}

/**
 * POSTs JSON to a route that may answer with a run's event stream (send, resolve, retry) or with
 * JSON. Stream events go to `onEvent` until the stream ends; a JSON answer is returned.
 */
export async function postMaybeStreaming<T = unknown>(
  path: string,
  body: unknown,
  onEvent: (event: ChatEvent) => void,
  fetchImpl: typeof fetch = fetch,
): Promise<T | null> {
  let response: Response;
  try {
    response = await fetchImpl(path, {
      method: "POST",
      headers: { "content-type": "application/json", accept: `${SSE_CONTENT_TYPE}, application/json` },
      body: JSON.stringify(body ?? {}),
    });
  } catch {
    throw networkError();
  }
  if (!response.ok) throw await errorFromResponse(response, { write: true });
  if ((response.headers.get("content-type") ?? "").includes(SSE_CONTENT_TYPE)) {
    // A dropped stream is not a failed request: the run goes on and the tail catches up.
    await readEventStream(response, onEvent).catch(() => undefined);
    return null;
  }
  return (await response.json().catch(() => null)) as T | null;
}
