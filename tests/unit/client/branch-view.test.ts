import { describe, expect, it } from "vitest";
import type { Message } from "@/lib/agent/messages";
import { versionOf, withoutMessageAndAfter, withoutReply } from "@/lib/client/branch-view";
import { buildTimeline } from "@/lib/client/timeline";
import { state } from "./fixtures";

const messages: Message[] = [
  { id: "u1", sender: "user", text: "first" },
  { id: "a1", sender: "agent", text: "", tool_calls: [{ id: "c1", tool_name: "lookup", input_args: {} }] },
  { id: "r1", sender: "user", text: "", tool_results: [{ tool_name: "lookup", call_id: "c1", result: { status: "success", data: 1 } }] },
  { id: "a2", sender: "agent", text: "the answer" },
  { id: "u2", sender: "user", text: "second" },
];
const ids = (list: Message[]) => list.map((message) => message.id);

describe("versions in the view", () => {
  it("says where a message stands among its versions, and nothing for one without", () => {
    const branches = [{ message_id: "b", siblings: ["a", "b", "c"] }];
    expect(versionOf(branches, "b")).toEqual({ index: 1, count: 3, previous: "a", next: "c" });
    expect(versionOf(branches, "x")).toBeNull();
    expect(versionOf(undefined, "b")).toBeNull();
  });

  it("a regenerate shows the path up to the question its reply answered; an edit the path before the message", () => {
    expect(ids(withoutReply(state({ messages }), "a2").messages)).toEqual(["u1"]);
    expect(ids(withoutMessageAndAfter(state({ messages }), "u2").messages)).toEqual(["u1", "a1", "r1", "a2"]);
    expect(ids(withoutMessageAndAfter(state({ messages }), "u1").messages)).toEqual([]);
  });

  it("the cut reaches into the older pages loaded before the newest one", () => {
    const loaded = { ...state({ messages: messages.slice(3) }), earlier: { messages: messages.slice(0, 3), slots: [] } };
    const cut = withoutReply(loaded, "a2");
    expect(ids(cut.earlier.messages)).toEqual(["u1"]);
    expect(cut.messages).toEqual([]);
  });

  it("a reply that begins with tool calls alone gets a row where its versions fork", () => {
    const rows = (branches?: { message_id: string; siblings: string[] }[]) =>
      buildTimeline(state({ messages, branches })).flatMap((row) => (row.kind === "agent" ? [row.key] : []));
    expect(rows()).toEqual(["a2"]);
    expect(rows([{ message_id: "a1", siblings: ["a0", "a1"] }])).toEqual(["a1", "a2"]);
  });
});
