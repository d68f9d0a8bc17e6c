import { describe, expect, it, vi } from "vitest";
import { createSseParser, type SseFrame } from "@/lib/client/sse-parser";
import { parseEnv } from "@/lib/server/env";
import { eventFrame, heartbeatInterval, sharedEventFrame } from "@/lib/server/sse/frame";
import { replayStart } from "@/lib/server/sse/replay-start";
import { sseResponse } from "@/lib/server/sse/sse-response";

function parse(text: string) {
  const frames: SseFrame[] = [];
  const comments: string[] = [];
  const parser = createSseParser(
    (frame) => frames.push(frame),
    (comment) => comments.push(comment),
  );
  parser.feed(text);
  return { frames, comments };
}

describe("SSE frames", () => {
  it("one frame: id, event, one data line of JSON, even when the payload has line breaks", () => {
    const text = eventFrame({ seq: 7, type: "text_delta", data: { text: "two\nlines\r\nand a \u2028 separator" } });
    expect(
      text
        .split("\n")
        .slice(0, 3)
        .map((line) => line.split(":")[0]),
    ).toEqual(["id", "event", "data"]);
    expect(text.endsWith("\n\n")).toBe(true);
    const { frames } = parse(text);
    expect(frames).toEqual([{ id: "7", event: "text_delta", data: JSON.stringify({ text: "two\nlines\r\nand a \u2028 separator" }) }]);
  });

  it("an event handed to many readers is encoded once; a reader's own copy is encoded for itself", () => {
    const stringify = vi.spyOn(JSON, "stringify");
    try {
      const event = { seq: 7, type: "text_delta", data: { text: "hi" } };
      const frames = Array.from({ length: 50 }, () => sharedEventFrame(event));
      expect(new Set(frames)).toEqual(new Set([eventFrame({ seq: 7, type: "text_delta", data: { text: "hi" } })]));
      const copy = { ...event, data: { text: "reworded" } };
      expect(sharedEventFrame(copy)).toContain('"reworded"');
      // One encoding for the shared event, one for the copy, one for the comparison frame above.
      expect(stringify).toHaveBeenCalledTimes(3);
    } finally {
      stringify.mockRestore();
    }
  });

  it("heartbeat interval: 15 s unless SSE_HEARTBEAT_MS says otherwise", () => {
    expect(heartbeatInterval(parseEnv({}))).toBe(15_000);
    expect(heartbeatInterval(parseEnv({ SSE_HEARTBEAT_MS: "500" }))).toBe(500);
    // A value that is not a number no longer falls back silently: the server refuses to start (env.ts).
    expect(() => parseEnv({ SSE_HEARTBEAT_MS: "soon" })).toThrow(/SSE_HEARTBEAT_MS must be a whole number of milliseconds/);
  });

  it("replay start: Last-Event-ID wins over ?after=; garbage is invalid; none is null", () => {
    const request = (url: string, lastEventId?: string) =>
      new Request(url, { headers: lastEventId === undefined ? {} : { "last-event-id": lastEventId } });
    expect(replayStart(request("http://x/events?after=3", "9"))).toBe(9);
    expect(replayStart(request("http://x/events?after=3"))).toBe(3);
    expect(replayStart(request("http://x/events"))).toBeNull();
    expect(replayStart(request("http://x/events?after=-1"))).toBe("invalid");
    expect(replayStart(request("http://x/events", "1e3"))).toBe("invalid");
  });
});

describe("sseResponse", () => {
  it("opens with a comment, sends events and heartbeats, and cleans up when the client leaves", async () => {
    vi.useFakeTimers();
    try {
      const cleanup = vi.fn();
      let signal!: AbortSignal;
      const response = sseResponse(
        (writer, stopped) => {
          signal = stopped;
          writer.event({ seq: 1, type: "run_started", data: { run_id: "r", kind: "request" } });
          return cleanup;
        },
        { heartbeatMs: 1000 },
      );
      expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      const next = async () => decoder.decode((await reader.read()).value);
      let text = (await next()) + (await next());
      await vi.advanceTimersByTimeAsync(1000);
      text += await next();
      const { frames, comments } = parse(text);
      expect(comments).toEqual(["open", "heartbeat"]);
      expect(frames.map((frame) => frame.event)).toEqual(["run_started"]);
      await reader.cancel();
      expect(cleanup).toHaveBeenCalledOnce();
      expect(signal.aborted).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("close() ends the stream; the request's abort stops it too", async () => {
    const closing = sseResponse((writer) => {
      writer.event({ seq: 1, type: "run_completed", data: { run_id: "r" } });
      writer.close();
    });
    expect(parse(await closing.text()).frames).toHaveLength(1);

    const request = new AbortController();
    const cleanup = vi.fn();
    const aborted = sseResponse(() => cleanup, { requestSignal: request.signal });
    const reader = aborted.body!.getReader();
    await reader.read();
    request.abort();
    expect(cleanup).toHaveBeenCalledOnce();
  });
});
