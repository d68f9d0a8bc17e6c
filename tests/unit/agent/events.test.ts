import { describe, expect, it } from "vitest";
import { AGENT_EVENT_TYPES, agentEventSchema } from "@/lib/agent/events";
import type { ModelAdapter } from "@/lib/agent/model-adapter";
import { makeAgent } from "./helpers";

describe("events", () => {
  it("declares Glove's names and the runtime's own in one union", () => {
    expect(AGENT_EVENT_TYPES).toEqual(
      expect.arrayContaining([
        "text_delta",
        "tool_use",
        "tool_use_result",
        "model_response_complete",
        "compaction_start",
        "compaction_end",
        "token_consumption",
        "hook_invoked",
        "skill_invoked",
        "subagent_invoked",
        "subagent_completed",
        "slot_push",
        "slot_resolved",
        "tasks_updated",
        "inbox_updated",
        "form_updated",
        "model_retry",
        "model_fallback",
        "permission_decided",
        "run_started",
        "run_suspended",
        "run_completed",
        "run_failed",
        "message_queued",
      ]),
    );
  });

  it("validates frames: known type with a matching payload only", () => {
    expect(agentEventSchema.safeParse({ type: "text_delta", text: "hi" }).success).toBe(true);
    expect(agentEventSchema.safeParse({ type: "text_delta", text: 3 }).success).toBe(false);
    expect(agentEventSchema.safeParse({ type: "nope" }).success).toBe(false);
    expect(
      agentEventSchema.safeParse({
        type: "tool_use_result",
        call_id: "c",
        tool_name: "t",
        id: "c",
        name: "t",
        result: { status: "success", data: 1 },
      }).success,
    ).toBe(true);
    expect(
      agentEventSchema.safeParse({ type: "tool_use_result", call_id: "c", tool_name: "t", result: { status: "success", data: 1 } }).success,
    ).toBe(false);
  });

  it("relays the reliability wrapper's events, drops unknown names and malformed payloads, and emits model_response_complete once", async () => {
    const model: ModelAdapter = {
      name: "noisy",
      setSystemPrompt() {},
      async prompt(_request, notify) {
        await notify("model_retry", { attempt: 1, delay_ms: 200, reason: "rate_limit" });
        await notify("model_fallback", { from: "a", to: "b" });
        await notify("secret_debug", { key: "sk-123" });
        await notify("text_delta", { text: 42 });
        await notify("text_delta", { text: "Hello" });
        await notify("model_response_complete", { text: "Hello" });
        return { messages: [{ sender: "agent", text: "Hello" }], tokens_in: 3, tokens_out: 1 };
      },
    };
    const { glove, recorder } = makeAgent([]);
    glove.setModel(model);
    await glove.processRequest("hi");
    expect(recorder.types()).toEqual([
      "run_started",
      "model_retry",
      "model_fallback",
      "text_delta",
      "token_consumption",
      "model_response_complete",
      "run_completed",
    ]);
    expect(recorder.of("model_retry")[0]).toMatchObject({ attempt: 1, delay_ms: 200 });
    expect(recorder.of("model_response_complete")[0]).toMatchObject({ text: "Hello", tokens_in: 3, tokens_out: 1 });
  });

  it("emits tool_use for calls an adapter did not announce", async () => {
    const model: ModelAdapter = {
      name: "quiet",
      setSystemPrompt() {},
      prompt: async (request) =>
        request.messages.length === 1
          ? {
              messages: [
                { sender: "agent", text: "", tool_calls: [{ id: "q1", tool_name: "glove_update_tasks", input_args: { todos: [] } }] },
              ],
              tokens_in: 0,
              tokens_out: 0,
            }
          : { messages: [{ sender: "agent", text: "done" }], tokens_in: 0, tokens_out: 0 },
    };
    const { glove, recorder } = makeAgent([]);
    glove.setModel(model);
    await glove.processRequest("go");
    expect(recorder.of("tool_use")).toEqual([{ type: "tool_use", id: "q1", name: "glove_update_tasks", input: { todos: [] } }]);
  });

  it("a throwing subscriber is reported and does not stop the run", async () => {
    const reported: string[] = [];
    const { glove } = makeAgent([{ text: "fine" }], { onSubscriberError: (_error, type) => reported.push(type) });
    glove.addSubscriber({
      record: (type) => {
        if (type === "text_delta") throw new Error("socket closed");
      },
    });
    expect((await glove.processRequest("hi")).status).toBe("completed");
    expect(reported.length).toBeGreaterThan(0);
    expect(new Set(reported)).toEqual(new Set(["text_delta"]));
  });
});
