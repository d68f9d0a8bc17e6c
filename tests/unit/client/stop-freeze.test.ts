import { describe, expect, it } from "vitest";
import { applyEvent, withStopRequested } from "@/lib/client/apply-event";
import type { ChatEvent } from "@/lib/client/chat-event";
import type { ChatState } from "@/lib/client/chat-state";
import { stoppedAnswer } from "@/lib/client/stopped-answer";
import { buildTimeline } from "@/lib/client/timeline";
import { numbered, state } from "./fixtures";

const fold = (initial: ChatState, events: ChatEvent[]) => events.reduce(applyEvent, initial);

describe("Stop in the view", () => {
  const streaming = () =>
    fold(
      state(),
      numbered(1, [
        { type: "run_started", run_id: "r1", kind: "request" },
        { type: "text_delta", text: "The first half" },
      ]),
    );

  it("freezes the text at the click: deltas streamed before the stop lands are not shown", () => {
    const stopped = fold(
      withStopRequested(streaming()),
      numbered(3, [
        { type: "text_delta", text: " and more words" },
        { type: "tool_use", id: "c1", name: "echo", input: {} },
      ]),
    );
    expect(stopped.streamingText).toBe("The first half");
    expect(stopped.streamingToolCalls).toEqual([]);
  });

  it("ends the frozen text as a message marked stopped", () => {
    const ended = fold(
      withStopRequested(streaming()),
      numbered(3, [
        { type: "text_delta", text: " more" },
        { type: "run_aborted", run_id: "r1" },
      ]),
    );
    expect(ended.messages.at(-1)).toMatchObject({ sender: "agent", text: "The first half", stopped: true });
    expect(ended.stopRequested).toBeUndefined();
  });

  it("a failed run's partial text is not marked stopped, and the next run streams again", () => {
    const failed = fold(streaming(), numbered(3, [{ type: "run_failed", run_id: "r1", message: "Overloaded." }]));
    expect(failed.messages.at(-1)).not.toHaveProperty("stopped");
    const next = fold(
      withStopRequested(streaming()),
      numbered(3, [
        { type: "run_aborted", run_id: "r1" },
        { type: "run_started", run_id: "r2", kind: "request" },
        { type: "text_delta", text: "New" },
      ]),
    );
    expect(next.streamingText).toBe("New");
  });
});

describe("stoppedAnswer", () => {
  it("offers Continue / Regenerate only while a stopped answer ends the conversation, with the question it answered", () => {
    const messages = [
      { id: "u1", sender: "user" as const, text: "Tell me about the sea" },
      { id: "a1", sender: "agent" as const, text: "The sea is", stopped: true },
    ];
    expect(stoppedAnswer(buildTimeline(state({ messages })))).toEqual({ question: "Tell me about the sea", answerKey: "a1" });
    expect(
      stoppedAnswer(buildTimeline(state({ messages: [...messages, { id: "u2", sender: "user", text: "Continue" }] }))),
    ).toBeUndefined();
    expect(stoppedAnswer(buildTimeline(state({ messages: [{ ...messages[1], stopped: undefined }] })))).toBeUndefined();
  });
});
