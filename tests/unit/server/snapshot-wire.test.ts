import { describe, expect, it } from "vitest";
import type { ConversationSnapshotRows } from "@/lib/db/conversation-snapshot";
import { conversationSnapshotSchema } from "@/lib/schemas/conversation";
import { snapshotFrom } from "@/lib/server/conversations/snapshot";

const at = "2025-01-01T00:00:00.000Z";
const rows = (overrides: Partial<ConversationSnapshotRows> = {}): ConversationSnapshotRows => ({
  conversation: { id: "c1", title: "Chat", createdAt: at, lastActivityAt: at },
  messages: [
    { id: "m1", sender: "user", text: "hi" },
    { id: "m2", sender: "agent", text: "hello", usage: { tokens_in: 40, tokens_out: 2 } },
  ],
  earlierCursor: "1",
  slots: [],
  tasks: [],
  inbox: [],
  queued: [],
  usage: { tokens_in: 40, tokens_out: 2, cache_read_tokens: 0, cache_write_tokens: 0, model_calls: 1 },
  run: null,
  lastEventSeq: 7,
  responseEvents: [],
  ...overrides,
});

// The snapshot route does not parse its answer (it is large): this keeps the typed mapper's output inside the schema.
describe("the snapshot's wire shape", () => {
  it("is what the schema accepts, with nothing the schema would drop", () => {
    const snapshot = snapshotFrom(rows(), true);
    expect(conversationSnapshotSchema.parse(snapshot)).toEqual(snapshot);
    expect(snapshot.stats).toEqual({
      tokens_in: 40,
      tokens_out: 2,
      cache_read_tokens: 0,
      cache_write_tokens: 0,
      context_tokens: 42,
      turns: 1,
    });
  });

  it("carries the model's context window in the stats, for the usage meter", () => {
    const snapshot = snapshotFrom(rows(), false, [], 200_000);
    expect(snapshot.stats.context_window).toBe(200_000);
    expect(conversationSnapshotSchema.parse(snapshot)).toEqual(snapshot);
  });

  it("keeps a run to its id, status and error, and passes streaming events through", () => {
    const run = { id: "r1", status: "running", error: undefined } as unknown as ConversationSnapshotRows["run"];
    const snapshot = snapshotFrom(rows({ run, responseEvents: [{ seq: 7, type: "text_delta", text: "he" }] }), false);
    expect(snapshot.run).toEqual({ id: "r1", status: "running", error: null });
    expect(conversationSnapshotSchema.parse(snapshot)).toEqual(snapshot);
  });
});
