import { describe, expect, it } from "vitest";
import { buildTimeline } from "@/lib/client/timeline";
import { slot, state } from "./fixtures";

const call = (id: string) => ({ id, tool_name: "send_email", input_args: { to: "ada@example.com" } });

describe("buildTimeline", () => {
  it("lists what people and the agent said, tool calls with their status, and hides tool-results messages", () => {
    const entries = buildTimeline(
      state({
        messages: [
          { id: "u1", sender: "user", text: "send it" },
          { id: "a1", sender: "agent", text: "Sending.", tool_calls: [call("c1"), call("c2"), call("c3")] },
          { id: "a1:results", sender: "user", text: "", tool_results: [{ call_id: "c1", tool_name: "send_email", result: { status: "success", data: "ok" } }] },
        ],
        slots: [slot({ id: "s1", call_id: "c2" })],
        run: { id: "r1", status: "suspended", error: null },
      }),
    );
    expect(entries.map((e) => (e.kind === "tool" ? `${e.kind}:${e.status}` : e.kind))).toEqual(["user", "agent", "tool:done", "tool:waiting", "tool:running"]);
  });

  it("marks a call without a result as an error once the run is over", () => {
    const [, tool] = buildTimeline(state({ messages: [{ id: "u", sender: "user", text: "x" }, { id: "a", sender: "agent", text: "", tool_calls: [call("c1")] }], run: { id: "r", status: "aborted", error: null } }));
    expect(tool).toMatchObject({ kind: "tool", status: "error" });
  });

  it("ends with the streaming response, and shows compaction summaries and pending sends", () => {
    const entries = buildTimeline({
      ...state({ messages: [{ id: "s", sender: "user", text: "Summary", is_compaction: true }, { id: "local:1", sender: "user", text: "hi" }] }),
      streamingText: "Hel",
      streamingToolCalls: [call("c9")],
      run: { id: "r", status: "running", error: null },
    });
    expect(entries.map((e) => e.kind)).toEqual(["compaction", "user", "agent", "tool"]);
    expect(entries[1]).toMatchObject({ pending: true });
    expect(entries[2]).toMatchObject({ streaming: true, text: "Hel" });
  });
});
