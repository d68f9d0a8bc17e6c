import { describe, expect, it } from "vitest";
import { SUMMARY_HEADING } from "@/lib/agent/compaction";
import { echoTool, expectPairedHistory, makeAgent, transcript } from "./helpers";

describe("compaction", () => {
  it("summarises when the last call's context passes the limit; the model then sees only the summary and what follows", async () => {
    const { glove, model, store, recorder } = makeAgent(
      [
        { text: "First answer.", usage: { tokens_in: 950, tokens_out: 100 } },
        { text: "SUMMARY: user asked a first question, it was answered." },
        { text: "Second answer." },
      ],
      { compaction: { contextLimit: 1000, instructions: "Summarise please." } },
    );
    await glove.processRequest("First question");
    await glove.processRequest("Second question");

    const summaryRequest = model.requests[1];
    expect(summaryRequest.toolChoice).toBe("none");
    expect(summaryRequest.systemPrompt).toBeTruthy();
    expect(transcript(summaryRequest.messages)).toEqual(["user:First question", "agent:First answer.", "user:Summarise please."]);

    const after = model.requests[2];
    expect(after.messages).toHaveLength(2);
    expect(after.messages[0]).toMatchObject({ is_compaction: true, sender: "user" });
    expect(after.messages[0].text).toContain(SUMMARY_HEADING);
    expect(after.messages[0].text).toContain("SUMMARY: user asked a first question");
    expect(after.messages[1]).toMatchObject({ sender: "user", text: "Second question" });

    // The full history stays in the store.
    expect(transcript(await store.getMessages())).toEqual([
      "user:First question",
      "agent:First answer.",
      expect.stringContaining("user:[Summary"),
      "user:Second question",
      "agent:Second answer.",
    ]);
    expect(recorder.of("compaction_start")[0].current_token_consumption).toBeGreaterThanOrEqual(1050);
    expect(recorder.of("compaction_end")[0].summary_message).toMatchObject({ is_compaction: true });
    // The summary is not streamed to people as if it were a reply.
    expect(
      recorder
        .of("text_delta")
        .map((event) => event.text)
        .join(""),
    ).not.toContain("SUMMARY");
    // Counters restart at a compaction (the later calls here report no usage).
    expect(await store.getTokenCount()).toBe(0);
  });

  it("measures the current context, not a running total of all tokens spent", async () => {
    const replies = Array.from({ length: 6 }, (_, index) => ({ text: `answer ${index}`, usage: { tokens_in: 300, tokens_out: 10 } }));
    const { glove, store, recorder } = makeAgent(replies, { compaction: { contextLimit: 1000 } });
    for (let index = 0; index < 6; index++) await glove.processRequest(`question ${index}`);
    expect(await store.getTokenCount()).toBe(1860);
    expect(recorder.of("compaction_start")).toEqual([]);
  });

  it("compacts mid-task after a tool step, keeping every call paired with its result", async () => {
    const { glove, model, store } = makeAgent(
      [
        { toolCalls: [{ name: "echo", input: { text: "big" } }], usage: { tokens_in: 2000, tokens_out: 50 } },
        { text: "SUMMARY: echoed big, about to report." },
        { text: "Reported." },
      ],
      { compaction: { contextLimit: 1000 } },
    );
    glove.fold(echoTool);
    expect((await glove.processRequest("Echo big")).status).toBe("completed");
    expect(transcript(model.requests[1].messages)).toEqual(["user:Echo big", "calls:echo", expect.stringMatching(/^results:echo=success/)]);
    expect(model.requests[2].messages).toHaveLength(1);
    expect(model.requests[2].messages[0].is_compaction).toBe(true);
    expectPairedHistory(await store.getMessages());
  });

  it("works for text-only chats from the size of the messages alone", async () => {
    const long = "word ".repeat(400);
    const { glove, recorder, model } = makeAgent([{ text: long }, { text: "short summary" }, { text: "ok" }], {
      compaction: { contextLimit: 500 },
    });
    await glove.processRequest(long);
    await glove.processRequest("more");
    expect(recorder.of("compaction_start")).toHaveLength(1);
    expect(model.requests[2].messages.map((message) => message.text.length).reduce((sum, length) => sum + length, 0)).toBeLessThan(200);
  });

  it("keeps pending inbox items in the summary", async () => {
    const { glove, model } = makeAgent(
      [
        { toolCalls: [{ name: "glove_post_to_inbox", input: { tag: "payment", request: "Confirm invoice 42 was paid", blocking: true } }] },
        { text: "Waiting for the payment.", usage: { tokens_in: 5000, tokens_out: 10 } },
        { text: "The conversation was about an invoice." },
        { text: "Still waiting." },
      ],
      { compaction: { contextLimit: 1000 } },
    );
    await glove.processRequest("Check invoice 42");
    await glove.processRequest("Any news?");
    const summary = model.requests[3].messages[0];
    expect(summary.is_compaction).toBe(true);
    expect(summary.text).toContain("Confirm invoice 42 was paid");
    expect(summary.text).toContain("(blocking)");
  });
});
