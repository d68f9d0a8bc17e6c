import { describe, expect, it } from "vitest";
import type { Message } from "@/lib/agent/messages";
import { toModelMessages } from "@/lib/models/ai-sdk-messages";
import { toAnthropicMessages } from "@/lib/models/anthropic-messages";

// The tier-0 note (lib/agent/model-step.ts) is the last message of a call's input and changes every call.
const note: Message = { sender: "user", text: "[form: expense-claim] step 2/3 · pending: Mode", is_context_note: true };
const EPHEMERAL = { type: "ephemeral" };

describe("the context note in the Anthropic conversion", () => {
  it("follows the cache breakpoint, which stays on the person's text, in the same user turn", () => {
    const turns = toAnthropicMessages([
      { sender: "user", text: "I took the train" },
      { sender: "agent", text: "Noted." },
      { sender: "user", text: "It was 120 km" },
      note,
    ]);
    expect(turns.at(-1)).toEqual({
      role: "user",
      content: [
        { type: "text", text: "It was 120 km", cache_control: EPHEMERAL },
        { type: "text", text: note.text },
      ],
    });
    expect(JSON.stringify(turns).match(/cache_control/g)).toHaveLength(1);
  });

  it("follows the cache breakpoint on the last tool result of a step", () => {
    const turns = toAnthropicMessages([
      { sender: "user", text: "File my claim" },
      { sender: "agent", text: "", tool_calls: [{ id: "c1", tool_name: "glove_form_fill", input_args: { mode: "rail" } }] },
      {
        sender: "user",
        text: "",
        tool_results: [{ call_id: "c1", tool_name: "glove_form_fill", result: { status: "success", data: { stored: ["mode"] } } }],
      },
      note,
    ]);
    const last = turns.at(-1)!;
    expect(last.role).toBe("user");
    expect(last.content).toEqual([
      expect.objectContaining({ type: "tool_result", tool_use_id: "c1", cache_control: EPHEMERAL }),
      { type: "text", text: note.text },
    ]);
  });

  it("keeps the breakpoint on the newest block when there is no note", () => {
    const turns = toAnthropicMessages([{ sender: "user", text: "Hi" }]);
    expect(turns).toEqual([{ role: "user", content: [{ type: "text", text: "Hi", cache_control: EPHEMERAL }] }]);
  });
});

describe("the context note in the AI SDK conversion", () => {
  it("is sent as a user message of its own after the tool results", () => {
    const converted = toModelMessages([
      { sender: "user", text: "File my claim" },
      { sender: "agent", text: "", tool_calls: [{ id: "c1", tool_name: "glove_form_fill", input_args: { mode: "rail" } }] },
      {
        sender: "user",
        text: "",
        tool_results: [{ call_id: "c1", tool_name: "glove_form_fill", result: { status: "success", data: {} } }],
      },
      note,
    ]);
    expect(converted.map((message) => message.role)).toEqual(["user", "assistant", "tool", "user"]);
    expect(converted.at(-1)).toEqual({ role: "user", content: note.text });
  });
});
