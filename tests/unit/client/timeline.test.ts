import { describe, expect, it } from "vitest";
import { applyEvent } from "@/lib/client/apply-event";
import { buildTimeline, createTimelineBuilder } from "@/lib/client/timeline";
import { numbered, slot, state } from "./fixtures";

const call = (id: string) => ({ id, tool_name: "send_email", input_args: { to: "ada@example.com" } });

describe("buildTimeline", () => {
  it("lists what people and the agent said, tool calls with their status, and hides tool-results messages", () => {
    const entries = buildTimeline(
      state({
        messages: [
          { id: "u1", sender: "user", text: "send it" },
          { id: "a1", sender: "agent", text: "Sending.", tool_calls: [call("c1"), call("c2"), call("c3")] },
          {
            id: "a1:results",
            sender: "user",
            text: "",
            tool_results: [{ call_id: "c1", tool_name: "send_email", result: { status: "success", data: "ok" } }],
          },
        ],
        slots: [slot({ id: "s1", call_id: "c2" })],
        run: { id: "r1", status: "suspended", error: null },
      }),
    );
    expect(entries.map((e) => (e.kind === "tool" ? `${e.kind}:${e.status}` : e.kind))).toEqual([
      "user",
      "agent",
      "tool:done",
      "tool:waiting",
      "tool:running",
    ]);
  });

  it("marks a call without a result as an error once the run is over", () => {
    const [, tool] = buildTimeline(
      state({
        messages: [
          { id: "u", sender: "user", text: "x" },
          { id: "a", sender: "agent", text: "", tool_calls: [call("c1")] },
        ],
        run: { id: "r", status: "aborted", error: null },
      }),
    );
    expect(tool).toMatchObject({ kind: "tool", status: "error" });
  });

  it("ends with the streaming response, and shows compaction summaries and pending sends", () => {
    const entries = buildTimeline({
      ...state({
        messages: [
          { id: "s", sender: "user", text: "Summary", is_compaction: true },
          { id: "local:1", sender: "user", text: "hi" },
        ],
      }),
      streamingText: "Hel",
      streamingToolCalls: [call("c9")],
      run: { id: "r", status: "running", error: null },
    });
    expect(entries.map((e) => e.kind)).toEqual(["compaction", "user", "agent", "tool"]);
    expect(entries[1]).toMatchObject({ pending: true });
    expect(entries[2]).toMatchObject({ streaming: true, text: "Hel" });
  });

  it("keeps every row but the streaming one across text deltas, and rows that draw the same across other events", () => {
    const timelineOf = createTimelineBuilder();
    const [started, firstDelta, secondDelta, toolUse, result] = numbered(1, [
      { type: "run_started", run_id: "r", kind: "request" },
      { type: "text_delta", text: "Hel" },
      { type: "text_delta", text: "lo" },
      { type: "tool_use", id: "c9", name: "send_email", input: { to: "ada@example.com" } },
      { type: "tool_use_result", call_id: "c9", result: { status: "success", data: "ok" } },
    ]);
    const initial = state({
      messages: [
        { id: "u1", sender: "user", text: "send it" },
        { id: "a1", sender: "agent", text: "Sending.", tool_calls: [call("c1")] },
        {
          id: "a1:results",
          sender: "user",
          text: "",
          tool_results: [{ call_id: "c1", tool_name: "send_email", result: { status: "success", data: "ok" } }],
        },
        { id: "u2", sender: "user", text: "again" },
      ],
    });
    const s1 = applyEvent(applyEvent(initial, started), firstDelta);
    const before = timelineOf(s1);
    const s2 = applyEvent(s1, secondDelta);
    const after = timelineOf(s2);

    expect(after).toEqual(buildTimeline(s2));
    expect(after.at(-1)).toMatchObject({ key: "streaming", text: "Hello" });
    expect(after.slice(0, -1)).toHaveLength(before.length - 1);
    after.slice(0, -1).forEach((row, index) => expect(row).toBe(before[index]));

    // A tool call and its result change the settled rows: the rows that draw the same stay the same objects.
    const s3 = applyEvent(s2, toolUse);
    const withCall = timelineOf(s3);
    expect(withCall).toEqual(buildTimeline(s3));
    withCall.slice(0, 3).forEach((row, index) => expect(row).toBe(before[index]));
    const s4 = applyEvent(s3, result);
    const withResult = timelineOf(s4);
    expect(withResult.at(-1)).toMatchObject({ kind: "tool", status: "done" });
    expect(withResult.at(-1)).not.toBe(withCall.at(-1));
    withResult.slice(0, -1).forEach((row, index) => expect(row).toBe(withCall[index]));
  });
});
