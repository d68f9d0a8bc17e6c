import { describe, expect, it } from "vitest";
import { budgetSentence, DEFAULT_REQUEST_BUDGET, effectiveTokens } from "@/lib/agent/budget";
import { contextLimitFor, DEFAULT_CONTEXT_LIMIT } from "@/lib/agent/compaction";
import { EMPTY_REPLY_SENTENCE } from "@/lib/agent/model-step";
import type { MemoryStore } from "@/lib/agent/testing";
import { success } from "@/lib/agent/tool";
import { ScriptedModel } from "@/lib/models/testing";
import { deferred, echoTool, makeAgent } from "./helpers";

const echo = (text: string) => ({ toolCalls: [{ name: "echo", input: { text } }] });

/** A "work" tool that blocks until released, so a message or an inbox answer can arrive mid-run. */
function withBlockingWork(harness: ReturnType<typeof makeAgent>) {
  const started = deferred();
  const release = deferred();
  harness.glove.fold(echoTool).fold({
    name: "work",
    description: "Works for a while.",
    do: async () => {
      started.resolve();
      await release.promise;
      return success("worked");
    },
  });
  return { started, release };
}

describe("effective tokens", () => {
  it("count uncached input once, cache reads a tenth, output four times; cache writes as uncached input", () => {
    expect(effectiveTokens({ tokens_in: 1000, tokens_out: 10, cache_read_tokens: 800, cache_write_tokens: 100 })).toBe(200 + 80 + 40);
    expect(effectiveTokens({ tokens_in: 500, tokens_out: 100 })).toBe(900);
    expect(DEFAULT_REQUEST_BUDGET).toBe(1_000_000);
  });
});

describe("the request budget", () => {
  it("crossed: no further tool step, one summary call with tool choice none, the sentence, and budget_exceeded", async () => {
    const harness = makeAgent(
      [
        { ...echo("a"), usage: { tokens_in: 900, tokens_out: 50 } },
        { text: "Echoed a; b is left.", ...echo("b"), usage: { tokens_out: 10 } },
      ],
      { requestBudget: 1000 },
    );
    harness.glove.fold(echoTool);
    const outcome = await harness.glove.processRequest("Echo a, then b");

    expect(harness.model.requests.map((request) => request.toolChoice)).toEqual([undefined, "none"]);
    expect(harness.model.requests[1].messages.at(-1)?.text).toContain("used up its token budget");
    // The sentence counts the summary call too; the event says where the budget was crossed.
    const sentence = budgetSentence(1140, 1000);
    expect(sentence).toBe(
      'This request stopped after using 1,140 effective tokens, over this agent\'s budget of 1,000. Reply "continue" to go on, or ask an admin to raise the budget in Agent settings.',
    );
    expect(outcome).toMatchObject({ status: "completed", reply: { text: `Echoed a; b is left.\n\n${sentence}` } });
    expect((await harness.store.getMessages()).at(-1)?.tool_calls).toBeUndefined();
    expect(harness.recorder.of("budget_exceeded")).toEqual([{ type: "budget_exceeded", run_id: outcome.runId, spent: 1100, budget: 1000 }]);
    expect(harness.recorder.of("text_delta").at(-1)?.text).toBe(`\n\n${sentence}`);
    expect(await harness.store.getRun(outcome.runId!)).toMatchObject({ model_steps: 2, effective_tokens: 1140 });
  });

  it("crossed with a context past the compaction limit: the summary call comes at once, with no compaction before it", async () => {
    const harness = makeAgent([{ ...echo("a"), usage: { tokens_in: 2000 } }, { text: "Where things stand." }], {
      requestBudget: 1000,
      compaction: { contextLimit: 100 },
    });
    harness.glove.fold(echoTool);
    await harness.glove.processRequest("Go");
    expect(harness.recorder.of("compaction_start")).toEqual([]);
    expect(harness.model.requests.map((request) => request.toolChoice)).toEqual([undefined, "none"]);
  });

  it("an empty summary at the budget is the budget's sentence alone", async () => {
    const harness = makeAgent([{ ...echo("a"), usage: { tokens_in: 2000 } }, { text: "" }], { requestBudget: 1000 });
    harness.glove.fold(echoTool);
    expect(await harness.glove.processRequest("Go")).toMatchObject({ reply: { text: budgetSentence(2000, 1000) } });
  });

  it("spans a wait: the continuation counts on from what the request spent before its card", async () => {
    const harness = makeAgent(
      [
        { toolCalls: [{ name: "ask", input: {} }], usage: { tokens_in: 600 } },
        { ...echo("x"), usage: { tokens_in: 600 } },
        { text: "Stopped." },
      ],
      { requestBudget: 1000 },
    );
    harness.glove.fold(echoTool).fold({
      name: "ask",
      description: "Asks.",
      do: async (_input, display) => success(await display.pushAndWait({})),
    });
    const first = await harness.glove.processRequest("go");
    expect(first.status).toBe("suspended");
    const [slot] = await harness.store.listSlots({ status: "pending" });
    await harness.glove.resolveSlot(slot.id, "yes");
    await harness.glove.continueRun();
    expect(harness.model.requests.map((request) => request.toolChoice)).toEqual([undefined, undefined, "none"]);
    expect(harness.recorder.of("budget_exceeded")).toMatchObject([{ spent: 1200, budget: 1000 }]);
  });

  it("is shared with subagents: the child's calls count against the parent's request, and the child stops at the parent's budget", async () => {
    const parent = makeAgent(
      [
        { toolCalls: [{ id: "sub1", name: "glove_invoke_subagent", input: { name: "researcher", prompt: "Look it up" } }] },
        { text: "Done." },
      ],
      { requestBudget: 1000 },
    );
    let child: ReturnType<typeof makeAgent> | null = null;
    parent.glove.defineSubAgent({
      name: "researcher",
      factory: ({ store }) => {
        child = makeAgent([{ ...echo("deep"), usage: { tokens_in: 1500 } }, { text: "Found it." }], { store: store as MemoryStore });
        child.glove.fold(echoTool);
        return child.glove;
      },
    });
    const outcome = await parent.glove.processRequest("Research this");

    expect(child!.model.requests.map((request) => request.toolChoice)).toEqual([undefined, "none"]);
    expect(parent.model.requests.map((request) => request.toolChoice)).toEqual([undefined, "none"]);
    expect(await parent.store.getRun(outcome.runId!)).toMatchObject({ effective_tokens: 1500 });
    expect(parent.recorder.of("budget_exceeded")).toMatchObject([{ run_id: outcome.runId, spent: 1500, budget: 1000 }]);
  });
});

describe("the iteration cap counts the whole request", () => {
  it("across a steering message", async () => {
    const harness = makeAgent([{ toolCalls: [{ name: "work", input: {} }] }, echo("b"), { text: "Summary." }], { maxIterations: 2 });
    const { started, release } = withBlockingWork(harness);
    const run = harness.glove.processRequest("Start");
    await started.promise;
    expect((await harness.glove.processRequest("Also echo b")).status).toBe("queued");
    release.resolve();
    expect(await run).toMatchObject({ status: "completed", reply: { text: "Summary." } });
    expect(harness.model.requests.map((request) => request.toolChoice)).toEqual([undefined, undefined, "none"]);
  });

  it("across an inbox injection", async () => {
    const post = { id: "ask", name: "glove_post_to_inbox", input: { tag: "t", request: "Which colour?" } };
    const harness = makeAgent([{ toolCalls: [post, { name: "work", input: {} }] }, echo("blue"), { text: "Summary." }], {
      maxIterations: 2,
    });
    const { started, release } = withBlockingWork(harness);
    const run = harness.glove.processRequest("Start");
    await started.promise;
    await harness.glove.resolveInboxItem("ask", "Blue");
    release.resolve();
    await run;
    expect(harness.model.requests[1].messages.at(-1)).toMatchObject({ is_inbox_injection: true });
    expect(harness.model.requests.map((request) => request.toolChoice)).toEqual([undefined, undefined, "none"]);
  });

  it("across a compaction", async () => {
    const harness = makeAgent(
      [{ ...echo("a"), usage: { tokens_in: 5000 } }, { text: "Summary of a." }, echo("b"), { text: "Where things stand." }],
      { maxIterations: 2, compaction: { contextLimit: 1000 } },
    );
    harness.glove.fold(echoTool);
    await harness.glove.processRequest("Go");
    expect(harness.model.requests.map((request) => request.toolChoice)).toEqual([undefined, "none", undefined, "none"]);
    expect(harness.recorder.of("compaction_end")).toHaveLength(1);
    expect(harness.model.requests[3].messages.at(-1)?.text).toContain("all 2 steps");
  });

  it("an empty summary at the cap still ends with the honest sentence", async () => {
    const harness = makeAgent([echo("a"), { text: "", ...echo("again") }], { maxIterations: 1 });
    harness.glove.fold(echoTool);
    expect(await harness.glove.processRequest("Go")).toMatchObject({ status: "completed", reply: { text: EMPTY_REPLY_SENTENCE } });
  });
});

describe("usage recorded honestly", () => {
  const attempt = (tokens_in: number, model: string) => ({ usage: { tokens_in, tokens_out: 0 }, model });

  it("a failed call's reported usage reaches the counters, the run's budget and a token_consumption event", async () => {
    const error = new Error("The provider is down.");
    const harness = makeAgent([{ error, reportedUsage: [attempt(300, "anthropic:a"), attempt(200, "anthropic:b")] }]);
    const outcome = await harness.glove.processRequest("Go");
    expect(outcome.status).toBe("failed");
    expect(await harness.store.getTokenCount()).toBe(500);
    expect(await harness.store.getRun(outcome.runId!)).toMatchObject({ model_steps: 0, effective_tokens: 500 });
    expect(harness.recorder.of("token_consumption").map((event) => [event.consumption.tokens_in, event.model])).toEqual([
      [300, "anthropic:a"],
      [200, "anthropic:b"],
    ]);
  });

  it("a stopped call's reported usage is recorded", async () => {
    const harness = makeAgent([{ text: "Partial", hangUntilAborted: true, reportedUsage: [attempt(70, "scripted")] }]);
    const controller = new AbortController();
    harness.recorder.record = ((record) => (type: Parameters<typeof record>[0], data: unknown) => {
      record(type, data);
      if (type === "text_delta") controller.abort();
    })(harness.recorder.record.bind(harness.recorder));
    const outcome = await harness.glove.processRequest("Go", { signal: controller.signal });
    expect(outcome.status).toBe("aborted");
    expect(await harness.store.getRun(outcome.runId!)).toMatchObject({ effective_tokens: 70 });
    expect(harness.recorder.of("token_consumption").map((event) => event.consumption.tokens_in)).toEqual([70]);
  });

  it("retried attempts' usage (discardedUsage) counts with the answer's; the message names the model that answered and the fallback", async () => {
    const harness = makeAgent([
      {
        text: "Hello.",
        usage: { tokens_in: 100, tokens_out: 10 },
        model: "openai:gpt-fallback",
        fallback: { from: "anthropic:primary", kind: "overloaded" },
        discardedUsage: [attempt(40, "anthropic:primary")],
      },
    ]);
    const outcome = await harness.glove.processRequest("Hi");
    expect(outcome).toMatchObject({
      status: "completed",
      reply: {
        usage: { tokens_in: 100, tokens_out: 10, model: "openai:gpt-fallback" },
        fallback: { from: "anthropic:primary", kind: "overloaded" },
      },
    });
    expect(await harness.store.getTokenCount()).toBe(150);
    expect(await harness.store.getRun(outcome.runId!)).toMatchObject({ model_steps: 1, effective_tokens: 40 + 140 });
    expect(harness.recorder.of("token_consumption").map((event) => event.model)).toEqual(["anthropic:primary", "openai:gpt-fallback"]);
  });

  it("without result.model the message names the adapter", async () => {
    const outcome = await makeAgent([{ text: "Hi." }]).glove.processRequest("Hi");
    expect(outcome).toMatchObject({ reply: { usage: { model: "scripted" } } });
  });
});

describe("compaction triggers from the model's own window", () => {
  const capabilities = { context_window: 10_000, max_output_tokens: 1_000, images: false, tools: true, reasoning: false };

  it("at 80 % of the window (earlier when the output limit needs the room), the default only when unknown, an override first", () => {
    expect(contextLimitFor(undefined, capabilities)).toBe(8_000);
    expect(contextLimitFor(undefined, { ...capabilities, max_output_tokens: 3_000 })).toBe(7_000);
    expect(contextLimitFor(undefined, { ...capabilities, max_output_tokens: 10_000 })).toBe(5_000);
    expect(contextLimitFor(undefined, undefined)).toBe(DEFAULT_CONTEXT_LIMIT);
    expect(contextLimitFor(500, capabilities)).toBe(500);
  });

  it("a run compacts when the context passes the model's window share, not the fixed default", async () => {
    const harness = makeAgent([]);
    const model = new ScriptedModel([{ ...echo("a"), usage: { tokens_in: 8_500 } }, { text: "Summary." }, { text: "Done." }], {
      capabilities,
    });
    harness.glove.setModel(model).fold(echoTool);
    await harness.glove.processRequest("Go");
    expect(harness.recorder.of("compaction_end")).toHaveLength(1);
    expect(model.requests[1].systemPrompt).toContain("You summarise conversations");
  });
});
