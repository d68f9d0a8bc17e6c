import { describe, expect, it } from "vitest";
import { z } from "zod";
import { RUN_NOT_SAVED_MESSAGE } from "@/lib/agent/agent-loop";
import { EMPTY_REPLY_SENTENCE } from "@/lib/agent/model-step";
import { MemoryStore } from "@/lib/agent/testing";
import { defineTool, failure, success } from "@/lib/agent/tool";
import { echoTool, expectPairedHistory, makeAgent, transcript } from "./helpers";

describe("agent loop", () => {
  it("runs model → tools → model until a reply without tool calls, and stores every step", async () => {
    const { glove, model, store, recorder } = makeAgent([
      { text: "Let me check.", toolCalls: [{ id: "c1", name: "echo", input: { text: "hi" } }] },
      { text: "It said hi." },
    ]);
    glove.fold(echoTool);
    const outcome = await glove.processRequest("Say hi");
    expect(outcome).toMatchObject({ status: "completed", reply: { sender: "agent", text: "It said hi." } });
    const history = await store.getMessages();
    expect(transcript(history)).toEqual(["user:Say hi", "calls:echo", "results:echo=success", "agent:It said hi."]);
    expect(history[2].tool_results?.[0].result.data).toEqual({ echoed: "hi" });
    expect(transcript(model.requests[1].messages)).toEqual(["user:Say hi", "calls:echo", "results:echo=success"]);
    expect(model.systemPrompt).toBe("You are a test agent.");
    expect(recorder.types()[0]).toBe("run_started");
    expect(recorder.types().at(-1)).toBe("run_completed");
    expect(await store.getActiveRun()).toBeNull();
  });

  it("gives the model a JSON schema derived from each tool's zod schema", async () => {
    const { glove, model } = makeAgent([{ text: "ok" }]);
    glove.fold(
      defineTool({
        name: "book",
        description: "Books a room.",
        inputSchema: z.object({ room: z.string(), nights: z.number().int().default(1) }),
        do: async () => success(null),
      }),
    );
    await glove.processRequest("hi");
    const spec = model.requests[0].tools?.find((tool) => tool.name === "book");
    expect(spec).toEqual({
      name: "book",
      description: "Books a room.",
      input_schema: expect.objectContaining({
        type: "object",
        required: ["room"],
        properties: expect.objectContaining({ nights: expect.objectContaining({ type: "integer", default: 1 }) }),
      }),
    });
    expect(spec?.input_schema).not.toHaveProperty("$schema");
    expect(model.requests[0].tools?.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(["glove_update_tasks", "glove_post_to_inbox"]),
    );
  });

  it("accepts a raw JSON schema tool and passes its input through", async () => {
    let received: unknown;
    const { glove, model } = makeAgent([{ toolCalls: [{ name: "raw", input: { anything: [1] } }] }, { text: "done" }]);
    glove.fold({
      name: "raw",
      description: "Raw.",
      jsonSchema: { type: "object", properties: { anything: { type: "array" } } },
      do: async (input) => ((received = input), success("ok")),
    });
    await glove.processRequest("go");
    expect(received).toEqual({ anything: [1] });
    expect(model.requests[0].tools?.find((tool) => tool.name === "raw")?.input_schema).toEqual({
      type: "object",
      properties: { anything: { type: "array" } },
    });
  });

  it("caps iterations and then makes one last call with tools switched off, asking for a summary", async () => {
    const loopForever = { toolCalls: [{ name: "echo", input: { text: "again" } }] };
    let counter = 0;
    const { glove, model, store } = makeAgent(
      [
        () => ({ toolCalls: [{ name: "echo", input: { text: `step ${++counter}` } }] }),
        () => ({ toolCalls: [{ name: "echo", input: { text: `step ${++counter}` } }] }),
        () => ({ toolCalls: [{ name: "echo", input: { text: `step ${++counter}` } }] }),
        { text: "Here is where things stand.", ...loopForever },
      ],
      { maxIterations: 3 },
    );
    glove.fold(echoTool);
    const outcome = await glove.processRequest("Loop");
    expect(model.requests).toHaveLength(4);
    expect(model.requests.slice(0, 3).every((request) => request.toolChoice === undefined)).toBe(true);
    const last = model.requests[3];
    expect(last.toolChoice).toBe("none");
    expect(last.messages.at(-1)?.text).toContain("all 3 steps");
    // The final reply is stored without tool calls, and nothing orphaned.
    expect(outcome).toMatchObject({ status: "completed", reply: { text: "Here is where things stand." } });
    const history = await store.getMessages();
    expect(history.at(-1)?.tool_calls).toBeUndefined();
    expectPairedHistory(history);
    // The note is not stored.
    expect(history.some((message) => message.text.includes("steps allowed"))).toBe(false);
  });

  it("counts iterations per request: a new message starts a fresh budget", async () => {
    const call = () => ({ toolCalls: [{ name: "echo", input: { text: String(Math.random()) } }] });
    const { glove, model } = makeAgent([call, call, { text: "first done" }, call, call, { text: "second done" }], { maxIterations: 2 });
    glove.fold(echoTool);
    await glove.processRequest("one");
    await glove.processRequest("two");
    expect(model.requests.map((request) => request.toolChoice)).toEqual([undefined, undefined, "none", undefined, undefined, "none"]);
  });

  it("answers an unknown tool with an error result instead of dropping the call", async () => {
    const { glove, model, store } = makeAgent([{ toolCalls: [{ id: "x", name: "teleport", input: {} }] }, { text: "Sorry." }]);
    glove.fold(echoTool);
    await glove.processRequest("Teleport me");
    const results = (await store.getMessages())[2].tool_results!;
    expect(results[0]).toMatchObject({ call_id: "x", tool_name: "teleport", result: { status: "error" } });
    expect(results[0].result.message).toMatch(/Unknown tool "teleport".*echo/);
    expect(model.requests[1].messages[2].tool_results?.[0].result.message).toContain("Unknown tool");
  });

  it("validates input before do and tells the model which fields are wrong", async () => {
    let ran = false;
    const { glove, model } = makeAgent([
      { toolCalls: [{ name: "book", input: { room: 12, guests: { adults: "two" } } }] },
      { text: "Fixed." },
    ]);
    glove.fold(
      defineTool({
        name: "book",
        description: "Books.",
        inputSchema: z.object({ room: z.string(), guests: z.object({ adults: z.number() }) }),
        do: async () => ((ran = true), success(null)),
      }),
    );
    await glove.processRequest("Book");
    expect(ran).toBe(false);
    const message = model.requests[1].messages[2].tool_results?.[0].result.message ?? "";
    expect(message).toContain("room:");
    expect(message).toContain("guests.adults:");
  });

  it("blocks the third identical call with the same result, and keeps blocking while it repeats", async () => {
    let runs = 0;
    const same = { toolCalls: [{ name: "count", input: { q: "same" } }] };
    const { glove, model, store } = makeAgent([same, same, same, same, { text: "I am stuck." }]);
    glove.fold(
      defineTool({
        name: "count",
        description: "Counts.",
        inputSchema: z.object({ q: z.string() }),
        do: async () => ((runs += 1), success("nothing new")),
      }),
    );
    await glove.processRequest("Go");
    expect(runs).toBe(2);
    const results = (await store.getMessages()).flatMap((message) => message.tool_results ?? []).map((result) => result.result);
    expect(results.map((result) => result.status)).toEqual(["success", "success", "error", "error"]);
    expect(results[2].message).toMatch(/Blocked: "count" was already called 2 times in this request/);
    expect(results[2].data).toEqual({ blocked_repeat: true, count: 3 });
    expect(results[3].data).toEqual({ blocked_repeat: true, count: 4 });
    expect(model.requests[3].messages.at(-1)?.tool_results?.[0].result.message).toMatch(/Blocked/);
  });

  it("catches a loop that alternates between two calls (A, B, A, B, A): the third identical triple is blocked and announced", async () => {
    const runs: string[] = [];
    const a = { toolCalls: [{ name: "look", input: { q: "a" } }] };
    const b = { toolCalls: [{ name: "look", input: { q: "b" } }] };
    const { glove, store, recorder } = makeAgent([a, b, a, b, a, b, { text: "I am going in circles." }]);
    glove.fold(
      defineTool({
        name: "look",
        description: "Looks.",
        inputSchema: z.object({ q: z.string() }),
        do: async (input) => (runs.push(input.q), success(`nothing for ${input.q}`)),
      }),
    );
    await glove.processRequest("Go");
    expect(runs).toEqual(["a", "b", "a", "b"]);
    const results = (await store.getMessages()).flatMap((message) => message.tool_results ?? []).map((result) => result.result.status);
    expect(results).toEqual(["success", "success", "success", "success", "error", "error"]);
    expect(recorder.of("tool_repeat_blocked").map(({ tool_name, count }) => [tool_name, count])).toEqual([
      ["look", 3],
      ["look", 3],
    ]);
  });

  it("does not block when the input or the result changes", async () => {
    let runs = 0;
    const { glove } = makeAgent([
      { toolCalls: [{ name: "count", input: { q: "a" } }] },
      { toolCalls: [{ name: "count", input: { q: "a" } }] },
      { toolCalls: [{ name: "count", input: { q: "a" } }] },
      { text: "done" },
    ]);
    glove.fold(
      defineTool({ name: "count", description: "Counts.", inputSchema: z.object({ q: z.string() }), do: async () => success(++runs) }),
    );
    await glove.processRequest("Go");
    expect(runs).toBe(3);
  });

  it("blocks identical repeats within one step too", async () => {
    let runs = 0;
    const call = { name: "count", input: { q: "same" } };
    const { glove, store } = makeAgent([{ toolCalls: [call, call, call] }, { text: "ok" }]);
    glove.fold(
      defineTool({
        name: "count",
        description: "Counts.",
        inputSchema: z.object({ q: z.string() }),
        do: async () => ((runs += 1), success("same")),
      }),
    );
    await glove.processRequest("Go");
    expect(runs).toBe(2);
    expect((await store.getMessages())[2].tool_results?.map((result) => result.result.status)).toEqual(["success", "success", "error"]);
  });

  it("ends an empty reply with an honest sentence the person sees, stored as the agent's reply", async () => {
    const { glove, store, recorder } = makeAgent([{ text: "" }]);
    const outcome = await glove.processRequest("Hello?");
    expect(outcome).toMatchObject({ status: "completed", reply: { text: EMPTY_REPLY_SENTENCE } });
    expect(transcript(await store.getMessages())).toEqual(["user:Hello?", `agent:${EMPTY_REPLY_SENTENCE}`]);
    expect(recorder.of("text_delta").map((event) => event.text)).toEqual([EMPTY_REPLY_SENTENCE]);
  });

  it("ends the run when the model answers tool results with nothing, saying so", async () => {
    const { glove, model, store } = makeAgent([{ toolCalls: [{ name: "echo", input: { text: "a" } }] }, { text: "" }]);
    glove.fold(echoTool);
    expect(await glove.processRequest("go")).toMatchObject({ status: "completed", reply: { text: EMPTY_REPLY_SENTENCE } });
    expect(model.requests).toHaveLength(2);
    expectPairedHistory(await store.getMessages());
  });

  it("strips renderData from everything the model sees, but keeps it in the store and events", async () => {
    const { glove, model, store, recorder } = makeAgent([
      { toolCalls: [{ name: "chart", input: {} }] },
      { text: "Shown." },
      { text: "Again." },
    ]);
    glove.fold({ name: "chart", description: "Draws.", do: async () => success({ summary: "3 bars" }, { svg: "<svg>secret</svg>" }) });
    await glove.processRequest("Draw");
    await glove.processRequest("And?");
    for (const request of model.requests) expect(JSON.stringify(request)).not.toContain("secret");
    expect(model.requests[1].messages[2].tool_results?.[0].result).toEqual({ status: "success", data: { summary: "3 bars" } });
    expect((await store.getMessages())[2].tool_results?.[0].result.renderData).toEqual({ svg: "<svg>secret</svg>" });
    expect(recorder.of("tool_use_result")[0].result.renderData).toEqual({ svg: "<svg>secret</svg>" });
  });

  it("turns a throwing tool into an error result the model sees", async () => {
    const { glove, model } = makeAgent([{ toolCalls: [{ name: "fragile", input: {} }] }, { text: "It broke." }]);
    glove.fold({
      name: "fragile",
      description: "Breaks.",
      do: async () => {
        throw new Error("disk full");
      },
    });
    await glove.processRequest("go");
    expect(model.requests[1].messages[2].tool_results?.[0].result).toMatchObject({
      status: "error",
      message: "The tool failed: disk full",
    });
  });

  it("wraps a raw return value as a success", async () => {
    const { glove, store } = makeAgent([{ toolCalls: [{ name: "raw", input: {} }] }, { text: "ok" }]);
    glove.fold({ name: "raw", description: "Raw.", do: async () => 42 as never });
    await glove.processRequest("go");
    expect((await store.getMessages())[2].tool_results?.[0].result).toEqual({ status: "success", data: 42 });
  });

  it("emits tool_use_result with both Glove's and the short names, and tool_use once per call", async () => {
    const { glove, recorder } = makeAgent([{ toolCalls: [{ id: "c9", name: "echo", input: { text: "x" } }] }, { text: "ok" }]);
    glove.fold(echoTool);
    await glove.processRequest("go");
    expect(recorder.of("tool_use_result")[0]).toMatchObject({ call_id: "c9", tool_name: "echo", id: "c9", name: "echo" });
    expect(recorder.of("tool_use")).toHaveLength(1);
    expect(recorder.of("model_response_complete")).toHaveLength(2);
    expect(recorder.of("text_delta").length).toBeGreaterThan(0);
  });

  it("gives a reused tool call id a fresh one, so an old call's answers are never reused", async () => {
    let runs = 0;
    const { glove, store } = makeAgent([
      { toolCalls: [{ id: "same", name: "count", input: {} }] },
      { text: "one" },
      { toolCalls: [{ id: "same", name: "count", input: {} }] },
      { text: "two" },
    ]);
    glove.fold({ name: "count", description: "Counts.", do: async () => success(++runs) });
    await glove.processRequest("first");
    await glove.processRequest("second");
    expect(runs).toBe(2);
    const ids = (await store.getMessages()).flatMap((message) => message.tool_calls ?? []).map((call) => call.id);
    expect(new Set(ids).size).toBe(2);
    expectPairedHistory(await store.getMessages());
  });

  it("fails the run with a message a person can act on, without leaking the raw error", async () => {
    const { glove, store, recorder } = makeAgent([{ error: new Error("upstream body: secret-token-123") }]);
    const outcome = await glove.processRequest("hi");
    expect(outcome).toMatchObject({ status: "failed" });
    const failed = recorder.of("run_failed")[0];
    expect(failed.message).not.toContain("secret");
    expect(failed.message).toMatch(/Try again/);
    expect((await store.getRun(outcome.status === "failed" ? outcome.runId : ""))?.status).toBe("failed");
    expect(await store.getActiveRun()).toBeNull();
  });

  it("lets the host name a failure it recognises, and stores that cause on the run", async () => {
    const blip = Object.assign(new Error("Connection terminated unexpectedly"), { code: "57P01" });
    const { glove, store, recorder } = makeAgent([{ error: blip }], {
      describeFailure: (error) => (error === blip ? "The database was briefly unavailable." : null),
    });
    const outcome = await glove.processRequest("hi");
    expect(recorder.of("run_failed")[0].message).toBe("The database was briefly unavailable.");
    expect((await store.getRun(outcome.status === "failed" ? outcome.runId : ""))?.error).toBe("The database was briefly unavailable.");
  });

  it("says the answer could not be saved only when the host names the store's failure an outage", async () => {
    class FailingStore extends MemoryStore {
      override async dismissPendingSlots(): Promise<never> {
        throw Object.assign(new Error("store down"), { code: "57P01" });
      }
    }
    const modelFailure = () => Object.assign(new Error("raw"), { userMessage: "The model is overloaded." });
    const plain = makeAgent([{ error: modelFailure() }], { store: new FailingStore("plain") });
    await plain.glove.processRequest("hi");
    expect(plain.recorder.of("run_failed")[0].message).toBe("The model is overloaded.");

    const outage = makeAgent([{ error: modelFailure() }], {
      store: new FailingStore("outage"),
      describeFailure: (error) => ((error as { code?: string }).code === "57P01" ? "The database is away." : null),
    });
    await outage.glove.processRequest("hi");
    expect(outage.recorder.of("run_failed")[0].message).toBe(RUN_NOT_SAVED_MESSAGE);
  });

  it("uses a model error's own message when it is written for people", async () => {
    const error = Object.assign(new Error("raw"), { userMessage: "Anthropic is rate limiting this workspace. Wait a minute." });
    const { glove, recorder } = makeAgent([{ error }]);
    await glove.processRequest("hi");
    expect(recorder.of("run_failed")[0].message).toBe("Anthropic is rate limiting this workspace. Wait a minute.");
  });

  it("keeps pairs intact when the model fails after a tool step, and repairs nothing twice", async () => {
    const { glove, store } = makeAgent([
      { toolCalls: [{ name: "echo", input: { text: "a" } }] },
      { error: new Error("boom") },
      { text: "back" },
    ]);
    glove.fold(echoTool);
    expect((await glove.processRequest("go")).status).toBe("failed");
    expectPairedHistory(await store.getMessages());
    expect((await glove.processRequest("again")).status).toBe("completed");
    expectPairedHistory(await store.getMessages());
  });

  it("marks a call pending while it runs, done with its result after", async () => {
    const states: unknown[] = [];
    const { glove, store } = makeAgent([{ toolCalls: [{ id: "p1", name: "probe", input: {} }] }, { text: "ok" }]);
    glove.fold({
      name: "probe",
      description: "Looks at its own state.",
      do: async () => (states.push(...(await store.getToolCallStates(["p1"]))), success(null)),
    });
    await glove.processRequest("go");
    expect(states).toMatchObject([{ call_id: "p1", status: "pending", tool_name: "probe" }]);
    expect(await store.getToolCallStates(["p1"])).toMatchObject([{ status: "done", result: { status: "success" } }]);
  });

  it("closes a step left open by a dead process before storing a new message", async () => {
    const { glove, store } = makeAgent([{ text: "fresh start" }]);
    await store.appendMessages([
      { id: "u", sender: "user", text: "old" },
      { id: "a", sender: "agent", text: "", tool_calls: [{ id: "orphan", tool_name: "echo", input_args: { text: "x" } }] },
    ]);
    await glove.processRequest("new");
    const history = await store.getMessages();
    expectPairedHistory(history);
    expect(history[2].tool_results?.[0].result).toMatchObject({ status: "error", message: expect.stringContaining("interrupted") });
    expect(transcript(history).slice(3)).toEqual(["user:new", "agent:fresh start"]);
  });

  it("lets tools be folded after build, also from inside a running tool", async () => {
    const { glove, store } = makeAgent([
      { toolCalls: [{ name: "install", input: {} }] },
      { toolCalls: [{ name: "echo", input: { text: "new" } }] },
      { text: "ok" },
    ]);
    glove.fold({
      name: "install",
      description: "Adds the echo tool.",
      do: async (_input, _display, handle) => {
        handle.fold(echoTool);
        return success("installed");
      },
    });
    await glove.processRequest("go");
    const results = (await store.getMessages()).flatMap((message) => message.tool_results ?? []);
    expect(results.map((result) => result.result)).toEqual([success("installed"), success({ echoed: "new" })]);
  });

  it("keeps fields an adapter adds to its reply (Anthropic thinking blocks) and records the call's usage", async () => {
    const { glove, store } = makeAgent([]);
    glove.setModel({
      name: "thinker",
      setSystemPrompt() {},
      prompt: async () => ({
        messages: [{ sender: "agent", text: "hm", thinking_blocks: [{ type: "thinking", thinking: "let me think", signature: "sig" }] }],
        tokens_in: 12,
        tokens_out: 3,
      }),
    });
    await glove.processRequest("think");
    expect((await store.getMessages())[1]).toMatchObject({
      text: "hm",
      thinking_blocks: [{ type: "thinking", thinking: "let me think", signature: "sig" }],
      usage: { tokens_in: 12, tokens_out: 3 },
    });
  });

  it("refuses to run before build()", async () => {
    const { Glove } = await import("@/lib/agent/agent");
    const { MemoryStore } = await import("@/lib/agent/testing");
    const { ScriptedModel } = await import("@/lib/models/testing");
    const glove = new Glove({ store: new MemoryStore(), model: new ScriptedModel([]), systemPrompt: "x" });
    await expect(glove.processRequest("hi")).rejects.toThrow(/build\(\)/);
  });

  it("reports tokens per call and a failure() helper result reaches the model", async () => {
    const { glove, store, recorder } = makeAgent([
      { toolCalls: [{ name: "nope", input: {} }], usage: { tokens_in: 100, tokens_out: 10, cache_read_tokens: 80 } },
      { text: "ok", usage: { tokens_in: 120, tokens_out: 5 } },
    ]);
    glove.fold({ name: "nope", description: "Fails.", do: async () => failure("not today", { code: 7 }) });
    await glove.processRequest("go");
    expect(recorder.of("token_consumption").map((event) => event.consumption)).toEqual([
      { tokens_in: 100, tokens_out: 10, cache_read_tokens: 80 },
      { tokens_in: 120, tokens_out: 5 },
    ]);
    expect(await store.getTokenCount()).toBe(235);
    expect(await store.getTurnCount()).toBe(2);
  });
});
