import { describe, expect, it } from "vitest";
import { createSseParser, type SseFrame } from "@/lib/client/sse-parser";

function parse(chunks: string[]) {
  const frames: SseFrame[] = [];
  const comments: string[] = [];
  const parser = createSseParser(
    (frame) => frames.push(frame),
    (text) => comments.push(text),
  );
  for (const chunk of chunks) parser.feed(chunk);
  parser.end();
  return { frames, comments };
}

describe("SSE parser", () => {
  it("reads id, event and data of each frame", () => {
    const { frames } = parse(['id: 7\nevent: text_delta\ndata: {"text":"Hi"}\n\nid: 8\nevent: run_completed\ndata: {"run_id":"r"}\n\n']);
    expect(frames).toEqual([
      { id: "7", event: "text_delta", data: '{"text":"Hi"}' },
      { id: "8", event: "run_completed", data: '{"run_id":"r"}' },
    ]);
  });

  it("joins frames split anywhere, also between \\r and \\n", () => {
    const text = 'id: 1\r\nevent: text_delta\r\ndata: {"text":"a b"}\r\n\r\n';
    for (let cut = 1; cut < text.length; cut++) {
      expect(parse([text.slice(0, cut), text.slice(cut)]).frames).toEqual([{ id: "1", event: "text_delta", data: '{"text":"a b"}' }]);
    }
    expect(parse(text.split("")).frames).toHaveLength(1);
  });

  it("reports comments (heartbeats) and dispatches nothing for them", () => {
    const { frames, comments } = parse([": heartbeat\n\n", ":\n\n"]);
    expect(frames).toEqual([]);
    expect(comments).toEqual(["heartbeat", ""]);
  });

  it("joins multi-line data, defaults the event name, drops an unterminated frame", () => {
    const { frames } = parse(["data: one\ndata: two\n\n", "id: 3\ndata: cut off"]);
    expect(frames).toEqual([{ event: "message", data: "one\ntwo" }]);
  });

  it("strips one leading space only and ignores a byte-order mark", () => {
    const { frames } = parse(["\uFEFFdata:  two spaces\n\n"]);
    expect(frames).toEqual([{ event: "message", data: " two spaces" }]);
  });
});
