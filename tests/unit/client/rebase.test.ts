import { describe, expect, it } from "vitest";
import { allMessages, stateFromSnapshot, withEarlierPage } from "@/lib/client/chat-state";
import { rebaseOnSnapshot } from "@/lib/client/rebase";
import { numbered, snapshot } from "./fixtures";

describe("rebaseOnSnapshot", () => {
  const events = numbered(1, [
    { type: "run_started", run_id: "r1", kind: "request" },
    { type: "text_delta", text: "First answer" },
    { type: "model_response_complete", text: "First answer", tool_calls: [] },
    { type: "text_delta", text: "Second " },
    { type: "text_delta", text: "answer" },
  ]);

  it("keeps the text of the response that streams while the snapshot is taken", () => {
    const fresh = snapshot({
      messages: [{ id: "m1", sender: "agent", text: "First answer" }],
      run: { id: "r1", status: "running", error: null },
      lastEventSeq: 4,
    });
    const state = rebaseOnSnapshot(fresh, events);
    expect(state.messages.map((m) => m.text)).toEqual(["First answer"]);
    expect(state.streamingText).toBe("Second answer");
    expect(state.lastEventSeq).toBe(5);
  });

  it("a page loaded mid-answer shows the answer so far from the snapshot's response events, then goes on live", () => {
    const fresh = snapshot({
      messages: [{ id: "m1", sender: "agent", text: "First answer" }],
      run: { id: "r1", status: "running", error: null },
      lastEventSeq: 5,
      responseEvents: events.slice(2).map((event) => ({ ...event }) as never),
    });
    const state = rebaseOnSnapshot(fresh, []);
    expect(state.streamingText).toBe("Second answer");
    expect(rebaseOnSnapshot(fresh, numbered(6, [{ type: "text_delta", text: " goes on" }])).streamingText).toBe("Second answer goes on");
    expect(state).not.toHaveProperty("responseEvents");
  });

  it("adds nothing that streamed before a finished run's snapshot", () => {
    const fresh = snapshot({
      messages: [{ id: "m1", sender: "agent", text: "First answer" }],
      run: { id: "r1", status: "completed", error: null },
      lastEventSeq: 5,
    });
    expect(rebaseOnSnapshot(fresh, events).streamingText).toBe("");
  });

  it("applies the events after the snapshot and keeps unsent optimistic messages at the end", () => {
    const fresh = snapshot({ lastEventSeq: 0 });
    const state = rebaseOnSnapshot(fresh, events.slice(0, 2), [{ id: "local:x", sender: "user", text: "hi" }]);
    expect(state.messages.map((m) => m.id)).toEqual(["local:x"]);
    expect(state.streamingText).toBe("First answer");
  });
});

describe("older pages", () => {
  const older = {
    messages: [
      { id: "m1", sender: "user" as const, text: "first" },
      { id: "m2", sender: "agent" as const, text: "reply" },
    ],
    slots: [],
    earlierCursor: null,
  };

  it("are put in front of what is loaded, without duplicates", () => {
    const state = withEarlierPage(
      stateFromSnapshot(
        snapshot({
          messages: [
            { id: "m2", sender: "agent", text: "reply" },
            { id: "m3", sender: "user", text: "more" },
          ],
          earlierCursor: "c1",
        }),
      ),
      older,
    );
    expect(allMessages(state).map((m) => m.id)).toEqual(["m1", "m2", "m3"]);
    expect(state.earlierCursor).toBeNull();
  });

  it("stay loaded when the snapshot is fetched again, also what slid out of the newest page", () => {
    const loaded = withEarlierPage(
      stateFromSnapshot(snapshot({ messages: [{ id: "m3", sender: "user", text: "more" }], earlierCursor: "c1" })),
      older,
    );
    const fresh = snapshot({ messages: [{ id: "m4", sender: "agent", text: "new" }], earlierCursor: "c2" });
    const rebased = rebaseOnSnapshot(fresh, [], [], loaded);
    expect(allMessages(rebased).map((m) => m.id)).toEqual(["m1", "m2", "m3", "m4"]);
    expect(rebased.earlierCursor).toBeNull();
  });
});
