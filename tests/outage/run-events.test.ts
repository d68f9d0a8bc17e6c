// Run events through a real `pg_ctl restart -m fast` while an answer streams: nothing the recorder
// accepted is lost, sequence numbers stay gapless, and no event_not_stored takes an event's place.
import { describe, expect, it } from "vitest";
import { listRunEventsAfter } from "@/lib/db/run-events";
import { conversationRecorder } from "@/lib/server/events/conversation-recorder";
import { createTenant, openNewConversationStore } from "@/tests/integration/store/support";
import { database } from "./support";

describe("the event recorder during a database restart", () => {
  it("stores every text delta of an answer that streams through the restart, in order, without a gap", async () => {
    const tenant = await createTenant("restart");
    const { conversation } = await openNewConversationStore(tenant);
    const recorder = conversationRecorder(tenant, conversation.id, 10);
    await recorder.record("run_started", { run_id: "run-1", kind: "request" });
    let streamed = "";
    let streaming = true;
    const model = (async () => {
      for (let index = 0; streaming; index++) {
        const piece = `w${index} `;
        streamed += piece;
        recorder.record("text_delta", { text: piece });
        await new Promise((resolve) => setTimeout(resolve, 3));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await database.restart("fast");
    await new Promise((resolve) => setTimeout(resolve, 200));
    streaming = false;
    await model;
    await recorder.record("run_completed", { run_id: "run-1" });
    await recorder.flush();

    const stored = await listRunEventsAfter(tenant, conversation.id, 0, 100_000);
    expect(stored.map((event) => event.seq)).toEqual(stored.map((_, index) => index + 1));
    expect(stored.map((event) => event.type)).not.toContain("event_not_stored");
    const text = stored
      .filter((event) => event.type === "text_delta")
      .map((event) => (event.data as { text: string }).text)
      .join("");
    expect(text).toBe(streamed);
    expect(stored.at(-1)?.type).toBe("run_completed");
  });
});
