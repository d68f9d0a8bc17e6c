import { describe, expect, it } from "vitest";
import { ConflictError, NotFoundError } from "@/lib/agent/errors";
import { MemoryStore } from "@/lib/agent/testing/memory-store";
import { makeAgent, transcript } from "./helpers";

const postBlocking = {
  toolCalls: [
    { id: "ask-finance", name: "glove_post_to_inbox", input: { tag: "payment", request: "Confirm invoice 42 was paid", blocking: true } },
  ],
};

describe("inbox", () => {
  it("glove_post_to_inbox posts a pending item keyed by the tool call id", async () => {
    const { glove, store, recorder, model } = makeAgent([postBlocking, { text: "I will wait." }]);
    await glove.processRequest("Check invoice 42");
    const [item] = await store.getInboxItems();
    expect(item).toMatchObject({
      id: "ask-finance",
      tag: "payment",
      request: "Confirm invoice 42 was paid",
      blocking: true,
      status: "pending",
      response: null,
    });
    expect(recorder.of("inbox_updated")[0].items).toHaveLength(1);
    expect(model.requests[1].messages[2].tool_results?.[0].result.data).toMatchObject({
      inbox_item_id: "ask-finance",
      message: expect.stringContaining("blocking"),
    });
  });

  it("reminds the model of pending blocking items on every call, without storing the reminder", async () => {
    const { glove, store, model } = makeAgent([postBlocking, { text: "Waiting." }, { text: "Still waiting." }]);
    await glove.processRequest("Check invoice 42");
    await glove.processRequest("Anything else?");
    const lastUser = model.requests[2].messages.at(-1)!;
    expect(lastUser.text).toMatch(/^Anything else\?\n\n\[Reminder\]/);
    expect(lastUser.text).toContain("Confirm invoice 42 was paid");
    expect((await store.getMessages()).some((message) => message.text.includes("[Reminder]"))).toBe(false);
  });

  it("resolving follows first-answer-wins", async () => {
    const { glove } = makeAgent([postBlocking, { text: "ok" }]);
    await glove.processRequest("go");
    expect(await glove.resolveInboxItem("ask-finance", "Paid on 3 March")).toMatchObject({
      changed: true,
      continuable: true,
      item: { status: "resolved" },
    });
    expect(await glove.resolveInboxItem("ask-finance", "Paid on 3 March")).toMatchObject({ changed: false, continuable: false });
    await expect(glove.resolveInboxItem("ask-finance", "Not paid")).rejects.toBeInstanceOf(ConflictError);
    await expect(glove.resolveInboxItem("missing", "x")).rejects.toBeInstanceOf(NotFoundError);
  });

  it("a resolved blocking item continues the conversation without anyone typing: injected once, then consumed", async () => {
    const { glove, store, model, recorder } = makeAgent([
      postBlocking,
      { text: "Waiting for finance." },
      { text: "Invoice 42 is paid." },
      { text: "Hello again." },
    ]);
    await glove.processRequest("Check invoice 42");
    const { continuable } = await glove.resolveInboxItem("ask-finance", "Paid on 3 March");
    expect(continuable).toBe(true);
    expect(await glove.continueRun()).toMatchObject({ status: "completed", reply: { text: "Invoice 42 is paid." } });

    const injected = model.requests[2].messages.at(-1)!;
    expect(injected).toMatchObject({ sender: "user", is_inbox_injection: true });
    expect(injected.text).toMatch(/Confirm invoice 42 was paid → \[Inbox answer from .+: Paid on 3 March\]/);
    expect(injected.text).not.toContain("[Reminder]");
    expect((await store.getInboxItems())[0].status).toBe("consumed");
    expect(recorder.of("message_injected").map((event) => event.message.is_inbox_injection)).toEqual([true]);

    await glove.processRequest("hi");
    const injections = (await store.getMessages()).filter((message) => message.is_inbox_injection);
    expect(injections).toHaveLength(1);
    expect(transcript(model.requests[3].messages).filter((line) => line.includes("Paid on"))).toHaveLength(1);
  });

  it("several resolved items arrive as one message on the next request", async () => {
    const { glove, store, model } = makeAgent([
      {
        toolCalls: [
          { id: "a", name: "glove_post_to_inbox", input: { tag: "a", request: "first" } },
          { id: "b", name: "glove_post_to_inbox", input: { tag: "b", request: "second" } },
        ],
      },
      { text: "posted" },
      { text: "thanks" },
    ]);
    await glove.processRequest("post two");
    expect((await glove.resolveInboxItem("a", "one")).continuable).toBe(false);
    await glove.resolveInboxItem("b", "two");
    await glove.processRequest("news?");
    const seen = model.requests[2].messages;
    expect(transcript(seen).slice(-2)).toEqual(["user:news?", expect.stringContaining("[Inbox]")]);
    expect(seen.at(-1)?.text).toMatch(/first → \[Inbox answer from .+: one\]/);
    expect(seen.at(-1)?.text).toMatch(/second → \[Inbox answer from .+: two\]/);
    expect((await store.getInboxItems()).map((item) => item.status)).toEqual(["consumed", "consumed"]);
  });

  it("a re-executed post does not post twice", async () => {
    const { glove, store } = makeAgent([
      {
        toolCalls: [
          { id: "p", name: "glove_post_to_inbox", input: { tag: "t", request: "r" } },
          { id: "w", name: "wait", input: {} },
        ],
      },
      { text: "ok" },
    ]);
    glove.fold({
      name: "wait",
      description: "Waits.",
      do: async (_input, display) => ({ status: "success", data: await display.pushAndWait({}) }),
    });
    await glove.processRequest("go");
    const [slot] = await store.listSlots({ status: "pending" });
    await glove.resolveSlot(slot.id, "done");
    await glove.continueRun();
    expect(await store.getInboxItems()).toHaveLength(1);
  });

  it("keeps what the agent set (correlation key, response schema, expiry) and asks the host to check the schema first", async () => {
    const checked: unknown[] = [];
    const posted: string[] = [];
    const schema = { type: "object", required: ["approved"] };
    const { glove, store, model } = makeAgent(
      [
        {
          toolCalls: [
            {
              id: "ask",
              name: "glove_post_to_inbox",
              input: {
                tag: "finance",
                request: "Approve",
                blocking: true,
                correlation_key: "ORD-1",
                response_schema: schema,
                expires_in: 600,
              },
            },
          ],
        },
        { text: "Waiting." },
      ],
      {
        now: () => new Date("2026-12-01T10:00:00.000Z"),
        inbox: {
          checkResponseSchema: (given) => (checked.push(given), null),
          posted: async (item) => (posted.push(item.id), false),
          describe: (item) => ({ capability_url: `https://example.test/links/${item.id}` }),
        },
      },
    );
    await glove.processRequest("go");
    expect(checked).toEqual([schema]);
    expect(posted).toEqual(["ask"]);
    expect((await store.getInboxItems())[0]).toMatchObject({
      correlation_key: "ORD-1",
      response_schema: schema,
      expires_at: "2026-12-01T10:10:00.000Z",
    });
    expect(model.requests[1].messages.at(-1)?.tool_results?.[0].result.data).toMatchObject({
      inbox_item_id: "ask",
      capability_url: "https://example.test/links/ask",
    });
  });

  it("a response schema the host refuses is a tool error the agent reads, and nothing is posted", async () => {
    const { glove, store, model } = makeAgent(
      [
        { toolCalls: [{ id: "ask", name: "glove_post_to_inbox", input: { tag: "t", request: "r", response_schema: { type: 7 } } }] },
        { text: "I will fix the schema." },
      ],
      { inbox: { checkResponseSchema: () => "schema/type must be a string." } },
    );
    await glove.processRequest("go");
    expect(await store.getInboxItems()).toEqual([]);
    const result = model.requests[1].messages.at(-1)?.tool_results?.[0].result;
    expect(result).toMatchObject({ status: "error" });
    expect(JSON.stringify(result)).toContain("The response_schema cannot be used: schema/type must be a string.");
  });

  it("an item that was answered before the tool answers (an early event) is reported as answered", async () => {
    const store = new MemoryStore("early");
    const { glove, model } = makeAgent(
      [
        { toolCalls: [{ id: "ask", name: "glove_post_to_inbox", input: { tag: "t", request: "r", blocking: true } }] },
        { text: "ok" },
        { text: "done" },
      ],
      {
        store,
        inbox: {
          posted: (item) =>
            store.updateInboxItem(item.id, { status: "resolved", response: "early", resolved_at: item.created_at }, "pending"),
        },
      },
    );
    await glove.processRequest("go");
    const results = model.requests[1].messages.find((message) => message.tool_results?.length);
    expect(JSON.stringify(results?.tool_results?.[0].result)).toContain("already answered");
    // The answer reaches the agent in the same request, at the next safe point.
    expect(model.requests[1].messages.at(-1)).toMatchObject({
      is_inbox_injection: true,
      text: expect.stringMatching(/r → \[Inbox answer from .+: early\]/),
    });
  });

  it("names who answered, and tells the agent once of an expired or cancelled item", async () => {
    const { glove, store, model } = makeAgent([
      {
        toolCalls: [
          { id: "a", name: "glove_post_to_inbox", input: { tag: "a", request: "first" } },
          { id: "b", name: "glove_post_to_inbox", input: { tag: "b", request: "second" } },
          { id: "c", name: "glove_post_to_inbox", input: { tag: "c", request: "third" } },
        ],
      },
      { text: "posted" },
      { text: "noted" },
      { text: "again" },
    ]);
    await glove.processRequest("post three");
    await glove.resolveInboxItem("a", "yes", { kind: "api_key", id: "k1", name: "Billing" });
    await store.updateInboxItem("b", { status: "expired" });
    await store.updateInboxItem("c", { status: "cancelled", resolved_by: { kind: "member", id: "u1", name: "Ada" } });
    await glove.processRequest("news?");
    const injected = model.requests[2].messages.at(-1)!.text;
    expect(injected).toContain(
      "first → [Inbox answer from Billing (API key). This comes from outside the conversation, not from the person you are talking to: yes]",
    );
    expect(injected).toContain("second → expired without an answer");
    expect(injected).toContain("third → cancelled by Ada (team member)");
    expect((await store.getInboxItems()).map((item) => item.status)).toEqual(["consumed", "expired", "cancelled"]);
    await glove.processRequest("more?");
    expect(transcript(model.requests[3].messages).filter((line) => line.includes("[Inbox]"))).toHaveLength(1);
  });
});
