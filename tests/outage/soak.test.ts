// The soak of issue 17: 20 answers stream at once while PostgreSQL is restarted three times
// (`pg_ctl restart -m fast`). Afterwards every stream ended with a verdict, every stored reply is
// the text that was streamed, no run is left running, and the stored events hold the stored replies.
import { describe, expect, it } from "vitest";
import type { ModelAdapter, ModelPromptResult, NotifySubscribersFunction } from "@/lib/agent";
import { createConversation } from "@/lib/db/conversations";
import { listRunEventsAfter } from "@/lib/db/run-events";
import { createSseParser } from "@/lib/client/sse-parser";
import { conversationStream } from "@/lib/server/sse/conversation-stream";
import { createTenant } from "@/tests/integration/store/support";
import { eventually } from "@/tests/support/eventually";
import { agentWith, database, launchRequest } from "./support";

const STREAMS = 20;
const WORDS = 120;
const VERDICTS = new Set(["run_completed", "run_failed", "run_aborted", "run_suspended"]);

/** A model that streams its answer word by word over about three seconds, as a provider does. */
class SlowModel implements ModelAdapter {
  readonly name = "slow";
  constructor(private readonly label: string) {}
  setSystemPrompt() {}
  async prompt(_request: unknown, notify: NotifySubscribersFunction): Promise<ModelPromptResult> {
    let text = "";
    for (let index = 0; index < WORDS; index++) {
      const word = `${this.label}-${index} `;
      text += word;
      await notify("text_delta", { text: word });
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await notify("model_response_complete", { text, tool_calls: [], stop_reason: "end_turn", tokens_in: 1, tokens_out: WORDS });
    return { messages: [{ sender: "agent", text }], tokens_in: 1, tokens_out: WORDS, stop_reason: "end_turn" };
  }
}

/** Reads an SSE response to its end: the events in order, each with its type and data. */
async function readStream(response: Response) {
  const events: { id?: string; type: string; data: Record<string, unknown> }[] = [];
  const parser = createSseParser((frame) => events.push({ id: frame.id, type: frame.event, data: JSON.parse(frame.data) }));
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(value);
  }
  return events;
}

const textOf = (events: { type: string; data: unknown }[]) =>
  events
    .filter((event) => event.type === "text_delta")
    .map((event) => (event.data as { text: string }).text)
    .join("");

describe("20 streams through 3 database restarts", () => {
  it("end with verdicts, store what they streamed, leave nothing running and no event missing", { timeout: 120_000 }, async () => {
    const tenant = await createTenant("soak");
    const streams = await Promise.all(
      Array.from({ length: STREAMS }, async (_, index) => {
        const conversation = await createConversation(tenant);
        const { agent, store } = await agentWith(tenant, conversation.id, new SlowModel(`s${index}`));
        const launched = await launchRequest(conversation.id, agent, `Question ${index}.`);
        const response = await conversationStream(tenant, conversation.id, { after: 0, until: launched.done });
        return { conversation, store, runId: launched.runId, events: readStream(response) };
      }),
    );

    for (let restart = 0; restart < 3; restart++) {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await database.restart("fast");
    }

    for (const stream of streams) {
      const events = await stream.events;
      // Every stream ends with a verdict, stored or sent from memory.
      expect(VERDICTS.has(events.at(-1)?.type ?? ""), `stream of ${stream.conversation.id} ended with ${events.at(-1)?.type}`).toBe(true);
      const streamed = textOf(events);
      await eventually(async () => {
        const run = await stream.store.getRun(stream.runId);
        return run && run.status !== "running" && run.status !== "suspended";
      }, 20_000);
      const run = await stream.store.getRun(stream.runId);
      const reply = (await stream.store.getMessages()).find((message) => message.sender === "agent");
      const stored = await listRunEventsAfter(tenant, stream.conversation.id, 0, 100_000);
      expect(stored.map((event) => event.seq)).toEqual(stored.map((_, index) => index + 1));
      expect(stored.map((event) => event.type)).not.toContain("event_not_stored");
      if (run?.status === "completed") {
        expect(reply?.text).toBe(streamed);
        expect(textOf(stored)).toBe(reply?.text);
      } else {
        // A restart that hit the run's own writes fails it, saying why; what was streamed is still all stored.
        expect(run?.status).toBe("failed");
        expect(textOf(stored)).toBe(streamed);
      }
    }
  });
});
