import { describe, expect, it } from "vitest";
import { StopRequest } from "@/lib/agent/stop-request";
import { defineTool, success } from "@/lib/agent/tool";
import { deferred, echoTool, expectPairedHistory, makeAgent, transcript } from "./helpers";

describe("abort", () => {
  it("mid-stream: keeps the text already streamed, ends the run aborted, history consistent", async () => {
    const controller = new AbortController();
    const { glove, store, recorder } = makeAgent([{ text: "I was saying something long", hangUntilAborted: true }]);
    glove.addSubscriber({ record: (type) => void (type === "text_delta" && recorder.of("text_delta").length === 3 && controller.abort()) });
    const outcome = await glove.processRequest("Tell me", { signal: controller.signal });
    expect(outcome.status).toBe("aborted");
    expect(transcript(await store.getMessages())).toEqual(["user:Tell me", "agent:I was saying something long"]);
    expect(recorder.types().at(-1)).toBe("run_aborted");
    expect(recorder.types()).not.toContain("run_failed");
    expect(await store.getActiveRun()).toBeNull();
  });

  it("through abort(): a run executing in this process is signalled and settles itself", async () => {
    const { glove, store } = makeAgent([{ text: "partial", hangUntilAborted: true }]);
    glove.addSubscriber({
      record: async (type) => {
        if (type === "text_delta") expect(await glove.abort()).toMatchObject({ status: "signalled" });
      },
    });
    expect((await glove.processRequest("hi")).status).toBe("aborted");
    // Aborted after the first of three chunks: exactly what was streamed is kept, marked stopped.
    expect((await store.getMessages()).at(-1)).toMatchObject({ sender: "agent", text: "par", stopped: true });
  });

  it("keeps no more than the person was shown when they pressed Stop", async () => {
    const { glove, store } = makeAgent([{ text: "partial answer", hangUntilAborted: true }]);
    glove.addSubscriber({
      record: async (type) => void (type === "text_delta" && (await glove.abort(new StopRequest(2)))),
    });
    expect((await glove.processRequest("hi")).status).toBe("aborted");
    expect((await store.getMessages()).at(-1)).toMatchObject({ sender: "agent", text: "pa", stopped: true });
  });

  it("a stopped call the provider reported nothing for still counts an estimate of what it spent", async () => {
    const { glove, store, recorder } = makeAgent([{ text: "partial", hangUntilAborted: true }]);
    glove.addSubscriber({ record: async (type) => void (type === "text_delta" && (await glove.abort())) });
    expect((await glove.processRequest("hi")).status).toBe("aborted");
    const [spent] = recorder.of("token_consumption").map((event) => event.consumption);
    expect(spent.tokens_in).toBeGreaterThan(0);
    expect(spent.tokens_out).toBe(1);
    expect(await store.getTokenCount()).toBe(spent.tokens_in + spent.tokens_out);
  });

  it("during a tool: the running tool is abandoned, the remaining calls get error results, pairs intact", async () => {
    const controller = new AbortController();
    const started = deferred();
    const ranAfter: string[] = [];
    const { glove, store, model } = makeAgent([
      {
        toolCalls: [
          { id: "slow", name: "slow", input: {} },
          { id: "next", name: "echo", input: { text: "never" } },
        ],
      },
      { text: "not reached" },
    ]);
    glove.fold(echoTool);
    glove.fold({
      name: "slow",
      description: "Hangs until aborted.",
      do: async () => {
        started.resolve();
        await new Promise(() => {});
        return success("unreachable");
      },
    });
    glove.fold({ name: "echo", description: "spy", do: async () => (ranAfter.push("echo"), success(null)) });
    const run = glove.processRequest("go", { signal: controller.signal });
    await started.promise;
    controller.abort();
    expect((await run).status).toBe("aborted");
    const history = await store.getMessages();
    expectPairedHistory(history);
    expect(history[2].tool_results?.map((result) => result.result.message)).toEqual([
      "Stopped by the user while the tool was running.",
      "Stopped by the user before this tool ran.",
    ]);
    expect(ranAfter).toEqual([]);
    expect(model.requests).toHaveLength(1);
  });

  it("an unAbortable tool runs to completion and its result is kept", async () => {
    const controller = new AbortController();
    const release = deferred();
    const effects: string[] = [];
    const { glove, store } = makeAgent([{ toolCalls: [{ name: "checkout", input: {} }] }]);
    glove.fold(
      defineTool({
        name: "checkout",
        description: "Charges the card.",
        unAbortable: true,
        async do(_input, _display, _glove, signal) {
          controller.abort();
          await release.promise;
          effects.push(`charged (signal aborted: ${signal.aborted})`);
          return success("charged");
        },
      }),
    );
    const run = glove.processRequest("buy", { signal: controller.signal });
    setTimeout(() => release.resolve(), 5);
    expect((await run).status).toBe("aborted");
    expect(effects).toEqual(["charged (signal aborted: false)"]);
    expect((await store.getMessages())[2].tool_results?.[0].result).toEqual(success("charged"));
  });

  it("subagent events stay paired when the parent is aborted mid-subagent", async () => {
    const controller = new AbortController();
    const { glove, recorder, store } = makeAgent([
      { toolCalls: [{ name: "glove_invoke_subagent", input: { name: "researcher", prompt: "dig" } }] },
    ]);
    glove.defineSubAgent({
      name: "researcher",
      description: "Digs.",
      factory: ({ store: childStore }) => {
        const child = makeAgent([{ text: "digging deeper and deeper", hangUntilAborted: true }], { store: childStore as never });
        child.glove.addSubscriber({ record: (type) => void (type === "text_delta" && controller.abort()) });
        return child.glove;
      },
    });
    expect((await glove.processRequest("research", { signal: controller.signal })).status).toBe("aborted");
    const brackets = recorder.events.filter((event) => event.type === "subagent_invoked" || event.type === "subagent_completed");
    expect(brackets.map((event) => event.type)).toEqual(["subagent_invoked", "subagent_completed"]);
    expect(brackets[1]).toMatchObject({ name: "researcher", status: "error", message: "Subagent run aborted by the user." });
    expectPairedHistory(await store.getMessages());
  });

  it("aborting before the run starts stores the user's message and nothing else", async () => {
    const controller = new AbortController();
    controller.abort();
    const { glove, store, model } = makeAgent([{ text: "never" }]);
    expect((await glove.processRequest("hi", { signal: controller.signal })).status).toBe("aborted");
    expect(model.requests).toHaveLength(0);
    expect(transcript(await store.getMessages())).toEqual(["user:hi"]);
  });
});
