import { describe, expect, it } from "vitest";
import { echoTool, makeAgent, transcript } from "./helpers";

describe("context notes (tier 0)", () => {
  const counting = () => {
    let calls = 0;
    return { contextNotes: async () => `[form: expense-claim] step ${++calls}/3` };
  };

  it("reach every model step with the value of that moment, as a flagged user message at the end", async () => {
    const { glove, model } = makeAgent([{ toolCalls: [{ name: "echo", input: { text: "hi" } }] }, { text: "Done." }], counting());
    glove.fold(echoTool);
    await glove.processRequest("Start the claim");

    expect(model.requests).toHaveLength(2);
    expect(model.requests[0].messages.at(-1)).toEqual({ sender: "user", text: "[form: expense-claim] step 1/3", is_context_note: true });
    expect(model.requests[1].messages.at(-1)).toEqual({ sender: "user", text: "[form: expense-claim] step 2/3", is_context_note: true });
    // The person's message is left as it was, and the tool results come before the note.
    expect(transcript(model.requests[1].messages)).toEqual([
      "user:Start the claim",
      "calls:echo",
      "results:echo=success",
      "user:[form: expense-claim] step 2/3",
    ]);
  });

  it("are never stored or emitted", async () => {
    const { glove, store, recorder } = makeAgent([{ text: "Hello." }], counting());
    await glove.processRequest("Hi");

    const stored = await store.getMessages();
    expect(transcript(stored)).toEqual(["user:Hi", "agent:Hello."]);
    expect(stored.some((message) => message.is_context_note)).toBe(false);
    expect(JSON.stringify(recorder.events)).not.toContain("[form:");
  });

  it("add nothing when the contributor returns null", async () => {
    const { glove, model } = makeAgent([{ text: "Hello." }], { contextNotes: async () => null });
    await glove.processRequest("Hi");
    expect(model.requests[0].messages).toEqual([expect.objectContaining({ sender: "user", text: "Hi" })]);
    expect(model.requests[0].messages[0]).not.toHaveProperty("is_context_note");
  });

  it("are not sent with the compaction summary call, only with the step after it", async () => {
    const { glove, model } = makeAgent(
      [{ text: "First answer.", usage: { tokens_in: 950, tokens_out: 100 } }, { text: "SUMMARY" }, { text: "Second answer." }],
      { ...counting(), compaction: { contextLimit: 1000, instructions: "Summarise please." } },
    );
    await glove.processRequest("First question");
    await glove.processRequest("Second question");

    const [first, summary, after] = model.requests;
    expect(first.messages.at(-1)).toMatchObject({ is_context_note: true, text: "[form: expense-claim] step 1/3" });
    expect(summary.messages.some((message) => message.is_context_note)).toBe(false);
    expect(transcript(summary.messages).join("\n")).not.toContain("[form:");
    expect(after.messages.at(-1)).toMatchObject({ is_context_note: true, text: "[form: expense-claim] step 2/3" });
  });

  it("do not fail the run when the contributor throws: reported, and the call goes out without a note", async () => {
    const reported: [unknown, string][] = [];
    const failure = new Error("forms table unreachable");
    const { glove, model } = makeAgent([{ text: "Hello." }], {
      contextNotes: async () => {
        throw failure;
      },
      onSubscriberError: (error, source) => void reported.push([error, source]),
    });

    const outcome = await glove.processRequest("Hi");
    expect(outcome.status).toBe("completed");
    expect(reported).toEqual([[failure, "context_notes"]]);
    expect(model.requests[0].messages.some((message) => message.is_context_note)).toBe(false);
  });
});
