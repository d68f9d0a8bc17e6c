import { describe, expect, it } from "vitest";
import { applyEvent, withOptimisticMessage } from "@/lib/client/apply-event";
import type { ChatEvent } from "@/lib/client/chat-event";
import type { ChatState } from "@/lib/client/chat-state";
import { numbered, slot, state } from "./fixtures";

const fold = (initial: ChatState, events: ChatEvent[]) => events.reduce(applyEvent, initial);

describe("applyEvent", () => {
  it("streams text deltas and turns them into a message when the response completes", () => {
    const streaming = fold(
      state(),
      numbered(1, [
        { type: "run_started", run_id: "r1", kind: "request" },
        { type: "text_delta", text: "Hel" },
        { type: "text_delta", text: "lo" },
      ]),
    );
    expect(streaming.streamingText).toBe("Hello");
    expect(streaming.run).toEqual({ id: "r1", status: "running", error: null });
    const done = fold(
      streaming,
      numbered(4, [
        { type: "model_response_complete", text: "Hello", tool_calls: [] },
        { type: "run_completed", run_id: "r1" },
      ]),
    );
    expect(done.streamingText).toBe("");
    expect(done.messages.map((m) => [m.sender, m.text])).toEqual([["agent", "Hello"]]);
    expect(done.run?.status).toBe("completed");
    expect(done.lastEventSeq).toBe(5);
  });

  it("ignores an event it already applied (dedupe by seq)", () => {
    const [delta] = numbered(3, [{ type: "text_delta", text: "once" }]);
    const once = applyEvent(state({ lastEventSeq: 2 }), delta);
    expect(applyEvent(once, delta)).toBe(once);
    expect(applyEvent(state({ lastEventSeq: 3 }), delta).streamingText).toBe("");
  });

  it("tracks tool calls and their results", () => {
    const after = fold(
      state(),
      numbered(1, [
        { type: "run_started", run_id: "r1", kind: "request" },
        { type: "tool_use", id: "call-1", name: "send_email", input: { to: "a@b.c" } },
        { type: "tool_use", id: "call-1", name: "send_email", input: { to: "a@b.c" } },
      ]),
    );
    expect(after.streamingToolCalls).toEqual([{ id: "call-1", tool_name: "send_email", input_args: { to: "a@b.c" } }]);
    const complete = fold(
      after,
      numbered(4, [
        { type: "model_response_complete", text: "", tool_calls: [{ id: "call-1", tool_name: "send_email", input_args: { to: "a@b.c" } }] },
        {
          type: "tool_use_result",
          call_id: "call-1",
          tool_name: "send_email",
          id: "call-1",
          name: "send_email",
          result: { status: "success", data: "sent" },
        },
      ]),
    );
    expect(complete.streamingToolCalls).toEqual([]);
    expect(complete.messages[0].tool_calls?.[0].id).toBe("call-1");
    expect(complete.liveResults["call-1"]).toEqual({ status: "success", data: "sent" });
  });

  it("adds a pushed slot and replaces it when it is resolved", () => {
    const pending = slot({ id: "s1", call_id: "call-1" });
    const pushed = fold(state(), numbered(1, [{ type: "slot_push", slot: pending }]));
    expect(pushed.slots).toEqual([pending]);
    const resolved = { ...pending, status: "resolved" as const, value: { confirmed: true } };
    const settled = fold(pushed, numbered(2, [{ type: "slot_resolved", slot: resolved }]));
    expect(settled.slots).toEqual([resolved]);
  });

  it("replaces tasks and inbox items with the lists the events carry", () => {
    const task = { id: "t1", content: "Draft", activeForm: "Drafting", status: "in_progress" };
    const item = {
      id: "i1",
      tag: "finance",
      request: "Approve",
      response: null,
      status: "pending",
      blocking: true,
      created_at: "x",
      resolved_at: null,
    };
    const next = fold(
      state(),
      numbered(1, [
        { type: "tasks_updated", tasks: [task] },
        { type: "inbox_updated", items: [item] },
      ]),
    );
    expect(next.tasks).toEqual([task]);
    expect(next.inbox).toEqual([item]);
  });

  it("model_retry with discardPartial resets the partial text; without it keeps it", () => {
    const partial = fold(
      state(),
      numbered(1, [
        { type: "run_started", run_id: "r1", kind: "request" },
        { type: "text_delta", text: "half a sen" },
      ]),
    );
    const kept = applyEvent(partial, numbered(3, [{ type: "model_retry", attempt: 2, maxAttempts: 3, discardPartial: false }])[0]);
    expect(kept.streamingText).toBe("half a sen");
    const reset = applyEvent(partial, numbered(3, [{ type: "model_retry", attempt: 2, maxAttempts: 3, discardPartial: true }])[0]);
    expect(reset.streamingText).toBe("");
    expect(reset.notice).toMatch(/retrying \(attempt 2 of 3\)/);
  });

  it("keeps the partial answer of an aborted run and settles its dismissed cards", () => {
    const card = slot({ id: "s1", call_id: "c" });
    const aborted = fold(
      state({ slots: [card] }),
      numbered(1, [
        { type: "run_started", run_id: "r1", kind: "request" },
        { type: "text_delta", text: "Once upon a time" },
        { type: "slot_resolved", slot: { ...card, status: "dismissed" } },
        { type: "run_aborted", run_id: "r1" },
      ]),
    );
    expect(aborted.run?.status).toBe("aborted");
    expect(aborted.streamingText).toBe("");
    expect(aborted.messages.at(-1)).toMatchObject({ sender: "agent", text: "Once upon a time" });
    expect(aborted.slots[0].status).toBe("dismissed");
  });

  it("a failed run carries the message a person can act on", () => {
    const failed = fold(
      state(),
      numbered(1, [
        { type: "run_started", run_id: "r1", kind: "request" },
        { type: "run_failed", run_id: "r1", message: "The model key is invalid. Update it in settings." },
      ]),
    );
    expect(failed.run).toEqual({ id: "r1", status: "failed", error: "The model key is invalid. Update it in settings." });
  });

  it("a failed run keeps the code and, for an admin's stream, the detail the server worded for this reader", () => {
    const failed = fold(
      state(),
      numbered(1, [
        { type: "run_failed", run_id: "r1", message: "Check Settings → Agent.", code: "model_not_set_up", detail: "The key was rejected." },
      ]),
    );
    expect(failed.run).toEqual({
      id: "r1",
      status: "failed",
      error: "Check Settings → Agent.",
      code: "model_not_set_up",
      detail: "The key was rejected.",
    });
  });

  it("suspends without ending streaming state badly, and marks optimistic messages as sent when the run ends", () => {
    const sent = withOptimisticMessage(state(), "abc", "hello");
    expect(sent.messages[0].id).toBe("local:abc");
    const suspended = fold(
      sent,
      numbered(1, [
        { type: "run_started", run_id: "r1", kind: "request" },
        { type: "run_suspended", run_id: "r1", slot_ids: ["s1"] },
      ]),
    );
    expect(suspended.run?.status).toBe("suspended");
    expect(suspended.messages[0].id).toBe("sent:abc");
  });

  it("moves a message that got queued from the timeline to the queue, and out of the queue when injected", () => {
    const sent = withOptimisticMessage(state({ run: { id: "r1", status: "running", error: null } }), "abc", "also this");
    const queued = fold(
      sent,
      numbered(1, [{ type: "message_queued", message: { id: "q1", text: "also this", created_at: "x" }, queue_length: 1 }]),
    );
    expect(queued.messages).toEqual([]);
    expect(queued.queued.map((q) => q.id)).toEqual(["q1"]);
    const injected = fold(
      queued,
      numbered(2, [{ type: "message_injected", message: { id: "m9", sender: "user", text: "also this", is_steering: true } }]),
    );
    expect(injected.queued).toEqual([]);
    expect(injected.messages.map((m) => m.id)).toEqual(["m9"]);
  });

  it("shows a message typed in another tab as soon as the server stores it", () => {
    const seen = fold(state(), numbered(1, [{ type: "user_message", message: { id: "u1", sender: "user", text: "hello from tab one" } }]));
    expect(seen.messages.map((m) => [m.id, m.text])).toEqual([["u1", "hello from tab one"]]);
    const again = fold(seen, numbered(2, [{ type: "user_message", message: { id: "u1", sender: "user", text: "hello from tab one" } }]));
    expect(again.messages).toHaveLength(1);
  });

  it("shows compaction while it runs and adds the summary", () => {
    const started = applyEvent(state(), numbered(1, [{ type: "compaction_start", current_token_consumption: 9000 }])[0]);
    expect(started.isCompacting).toBe(true);
    const ended = applyEvent(
      started,
      numbered(2, [
        {
          type: "compaction_end",
          current_token_consumption: 100,
          summary_message: { sender: "user", text: "Summary", is_compaction: true },
        },
      ])[0],
    );
    expect(ended.isCompacting).toBe(false);
    expect(ended.messages.at(-1)?.is_compaction).toBe(true);
  });

  it("adds token usage to the conversation's stats", () => {
    const next = fold(
      state(),
      numbered(1, [
        { type: "token_consumption", consumption: { tokens_in: 100, tokens_out: 20, cache_read_tokens: 5 } },
        { type: "token_consumption", consumption: { tokens_in: 130, tokens_out: 10 } },
      ]),
    );
    expect(next.stats).toMatchObject({ tokens_in: 230, tokens_out: 30, cache_read_tokens: 5, context_tokens: 140 });
  });

  it("ignores event types it does not know, but records their seq", () => {
    const next = applyEvent(state(), { type: "something_new", seq: 4 } as unknown as ChatEvent);
    expect(next.lastEventSeq).toBe(4);
  });
});
