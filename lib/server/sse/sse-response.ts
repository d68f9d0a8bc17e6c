import { HEARTBEAT_FRAME, heartbeatInterval, OPEN_FRAME, sharedEventFrame } from "./frame";

export const SSE_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  connection: "keep-alive",
  // nginx and similar proxies buffer responses unless told not to.
  "x-accel-buffering": "no",
};

export interface SseWriter {
  event(event: { seq: number | null; type: string; data: unknown }): void;
  close(): void;
  readonly closed: boolean;
}

/**
 * A `text/event-stream` response. `start` gets a writer and a signal that aborts when the client
 * goes away (or the stream is closed); it returns a cleanup. Heartbeat comments are sent while
 * the stream is open. Nothing here touches the run behind the stream: a client leaving only stops
 * the stream.
 */
export function sseResponse(
  start: (writer: SseWriter, signal: AbortSignal) => void | (() => void) | Promise<void | (() => void)>,
  options: { requestSignal?: AbortSignal; heartbeatMs?: number } = {},
): Response {
  const encoder = new TextEncoder();
  const stopped = new AbortController();
  let cleanup: (() => void) | void;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let controller!: ReadableStreamDefaultController<Uint8Array>;

  const finish = () => {
    if (stopped.signal.aborted) return;
    stopped.abort();
    clearInterval(heartbeat);
    options.requestSignal?.removeEventListener("abort", finish);
    cleanup?.();
  };
  const writer: SseWriter = {
    event(event) {
      if (!stopped.signal.aborted) controller.enqueue(encoder.encode(sharedEventFrame(event)));
    },
    close() {
      if (stopped.signal.aborted) return;
      finish();
      controller.close();
    },
    get closed() {
      return stopped.signal.aborted;
    },
  };

  const body = new ReadableStream<Uint8Array>({
    async start(streamController) {
      controller = streamController;
      controller.enqueue(encoder.encode(OPEN_FRAME));
      options.requestSignal?.addEventListener("abort", finish, { once: true });
      heartbeat = setInterval(() => {
        if (!stopped.signal.aborted) controller.enqueue(encoder.encode(HEARTBEAT_FRAME));
      }, options.heartbeatMs ?? heartbeatInterval());
      try {
        const dispose = await start(writer, stopped.signal);
        // The client may have left while `start` was still subscribing.
        if (stopped.signal.aborted) dispose?.();
        else cleanup = dispose;
      } catch (error) {
        finish();
        controller.error(error);
      }
    },
    cancel: finish,
  });
  return new Response(body, { status: 200, headers: SSE_HEADERS });
}
