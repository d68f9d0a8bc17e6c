import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AnsweredBy } from "@/components/chat/answered-by";
import { applyEvent } from "@/lib/client/apply-event";
import type { ChatEvent } from "@/lib/client/chat-event";
import type { ChatState } from "@/lib/client/chat-state";
import { buildTimeline, createTimelineBuilder, type TimelineEntry } from "@/lib/client/timeline";
import { numbered, state } from "./fixtures";

const fold = (initial: ChatState, events: ChatEvent[]) => events.reduce(applyEvent, initial);
const agentRows = (s: ChatState) =>
  buildTimeline(s).filter((row): row is Extract<TimelineEntry, { kind: "agent" }> => row.kind === "agent");
const text = (answeredBy: Parameters<typeof AnsweredBy>[0]["answeredBy"]) =>
  renderToStaticMarkup(createElement(AnsweredBy, { answeredBy })).replace(/<[^>]+>/g, "");

const fallbackEvent = {
  type: "model_fallback",
  from: "anthropic:claude-a",
  to: "openai:gpt-b",
  kind: "auth",
  discardPartial: false,
} as const;

describe("the fallback notice stays on the message it produced", () => {
  it("survives the next text delta on the streaming row, then rides on the completed message", () => {
    const streaming = fold(
      state(),
      numbered(1, [{ type: "run_started", run_id: "r1", kind: "request" }, fallbackEvent, { type: "text_delta", text: "Hi" }]),
    );
    expect(streaming.notice).toBeNull();
    expect(agentRows(streaming)[0].answeredBy?.fallback).toEqual({ from: "anthropic:claude-a", kind: "auth" });

    const done = fold(
      streaming,
      numbered(4, [
        { type: "model_response_complete", text: "Hi" },
        { type: "run_completed", run_id: "r1" },
      ]),
    );
    expect(done.messages.at(-1)?.fallback).toEqual({ from: "anthropic:claude-a", kind: "auth" });
    expect(agentRows(done)[0].answeredBy?.fallback).toEqual({ from: "anthropic:claude-a", kind: "auth" });
    expect(done.answering).toBeUndefined();
  });

  it("the next response of the run starts without it", () => {
    const next = fold(
      state(),
      numbered(1, [
        { type: "run_started", run_id: "r1", kind: "request" },
        fallbackEvent,
        { type: "model_response_complete", text: "One" },
        { type: "text_delta", text: "Two" },
      ]),
    );
    expect(agentRows(next).map((row) => Boolean(row.answeredBy))).toEqual([true, false]);
  });

  it("a routing decision is kept the same way", () => {
    const routed = { model: "anthropic:haiku", tier: "light", score: 0.15, threshold: 0.35 } as const;
    const done = fold(
      state(),
      numbered(1, [
        { type: "run_started", run_id: "r1", kind: "request" },
        { type: "model_routed", ...routed },
        { type: "text_delta", text: "Yo" },
        { type: "model_response_complete", text: "Yo" },
      ]),
    );
    expect(done.messages.at(-1)?.routed).toEqual(routed);
  });

  it("a stored message draws its line, and its row stays the same object across rebuilds", () => {
    const build = createTimelineBuilder();
    const s = state({ messages: [{ id: "m1", sender: "agent", text: "Plain", fallback: { from: "x", kind: "overloaded" } }] });
    const first = build(s);
    const second = build({ ...s, messages: [...s.messages] });
    expect(first[0]).toMatchObject({ answeredBy: { fallback: { from: "x", kind: "overloaded" } } });
    expect(second[0]).toBe(first[0]);
  });
});

describe("<AnsweredBy>", () => {
  it("names the model that answered, the one it replaced and why", () => {
    expect(
      text({ fallback: { from: "anthropic:claude-a", kind: "quota" }, usage: { tokens_in: 1, tokens_out: 1, model: "openai:gpt-b" } }),
    ).toBe("Answered by openai:gpt-b, because anthropic:claude-a did not answer (its quota or credit is used up).");
    expect(text({ fallback: { from: "anthropic:claude-a", kind: "auth" } })).toBe(
      "Answered by a fallback model, because anthropic:claude-a did not answer (its key was rejected).",
    );
  });

  it("says where routing sent the request and why", () => {
    expect(text({ routed: { model: "anthropic:haiku", tier: "light", score: 0.1, threshold: 0.35 } })).toBe(
      "Sent to the light model anthropic:haiku: a simple request (score 0.10, under 0.35).",
    );
    expect(text({ routed: { model: "anthropic:opus", tier: "heavy", score: 0.4, threshold: 0.35 } })).toBe(
      "Sent to the main model anthropic:opus (score 0.40, at or over 0.35).",
    );
  });

  it("draws nothing when the configured model simply answered", () => {
    expect(text({ usage: { tokens_in: 1, tokens_out: 1, model: "anthropic:claude-a" } })).toBe("");
  });
});
