import { describe, expect, it } from "vitest";
import { applyEvent, applyUnstoredVerdict } from "@/lib/client/apply-event";
import { parseChatFrame } from "@/lib/client/chat-event";
import { createSseParser, type SseFrame } from "@/lib/client/sse-parser";
import { eventFrame } from "@/lib/server/sse/frame";
import { numbered, state } from "./fixtures";

const framesOf = (text: string) => {
  const frames: SseFrame[] = [];
  createSseParser((frame) => frames.push(frame)).feed(text);
  return frames;
};

describe("a verdict sent from memory while the database is away", () => {
  it("has no id on the wire, so Last-Event-ID stays on the last stored event, and still reaches the chat", () => {
    const text = eventFrame({ seq: null, type: "run_failed", data: { run_id: "r1", message: "The database was unavailable." } });
    expect(text.startsWith("event: run_failed\n")).toBe(true);
    const event = parseChatFrame(framesOf(text)[0]);
    expect(event).toMatchObject({ type: "run_failed", unstored: true, message: "The database was unavailable." });
  });

  it("ends the run in the view without moving lastEventSeq: the stored events still apply afterwards", () => {
    const running = numbered(1, [{ type: "run_started", run_id: "r1", kind: "request" }]).reduce(applyEvent, state());
    const verdict = parseChatFrame(
      framesOf(eventFrame({ seq: null, type: "run_failed", data: { run_id: "r1", message: "Not saved." } }))[0],
    )!;
    const ended = applyUnstoredVerdict(running, verdict);
    expect(ended.run).toMatchObject({ id: "r1", status: "failed", error: "Not saved." });
    expect(ended.lastEventSeq).toBe(running.lastEventSeq);
    const later = numbered(running.lastEventSeq + 1, [{ type: "run_failed", run_id: "r1", message: "Not saved." }]).reduce(
      applyEvent,
      ended,
    );
    expect(later.lastEventSeq).toBe(running.lastEventSeq + 1);
  });

  it("an id-less frame of any other type is still dropped", () => {
    expect(parseChatFrame({ event: "text_delta", data: JSON.stringify({ text: "x" }) })).toBeNull();
  });
});
