import { describe, expect, it, vi } from "vitest";
import { SteeringQueueFullError } from "@/lib/agent/errors";
import type { Message } from "@/lib/agent/messages";
import type { RunRecord } from "@/lib/agent/store-adapter";
import { MemoryStore } from "@/lib/agent/testing";
import { success } from "@/lib/agent/tool";
import { deferred, expectPairedHistory, makeAgent, transcript } from "./helpers";

/** An agent whose "work" tool blocks until released, so messages can arrive mid-run. */
function busyAgent(script: Parameters<typeof makeAgent>[0], config: Parameters<typeof makeAgent>[1] = {}) {
  const started = deferred();
  const release = deferred();
  const harness = makeAgent(script, config);
  harness.glove.fold({
    name: "work",
    description: "Works for a while.",
    do: async () => {
      started.resolve();
      await release.promise;
      return success("worked");
    },
  });
  return { ...harness, started, release };
}

describe("steering", () => {
  it("queues messages sent during a run and injects them in order after the current tool, before the next model call", async () => {
    const { glove, store, model, recorder, started, release } = busyAgent([
      { toolCalls: [{ name: "work", input: {} }] },
      { text: "Adjusted." },
    ]);
    const run = glove.processRequest("Start working");
    await started.promise;
    const first = await glove.processRequest("Actually, use blue");
    const second = await glove.processRequest("And make it big");
    expect(first).toMatchObject({ status: "queued", queued: { text: "Actually, use blue" } });
    expect(second.status).toBe("queued");
    expect(recorder.of("message_queued").map((event) => event.queue_length)).toEqual([1, 2]);
    release.resolve();
    expect((await run).status).toBe("completed");

    expect(transcript(model.requests[1].messages)).toEqual([
      "user:Start working",
      "calls:work",
      "results:work=success",
      "user:Actually, use blue",
      "user:And make it big",
    ]);
    const history = await store.getMessages();
    expect(history.filter((message) => message.is_steering).map((message) => message.text)).toEqual([
      "Actually, use blue",
      "And make it big",
    ]);
    expectPairedHistory(history);
    expect(await store.getQueuedMessages()).toEqual([]);
  });

  it("refuses the 11th queued message with a typed error the server turns into 429", async () => {
    const { glove, store, model, started, release } = busyAgent([{ toolCalls: [{ name: "work", input: {} }] }, { text: "Read them all." }]);
    const run = glove.processRequest("Start");
    await started.promise;
    for (let index = 1; index <= 10; index++) expect((await glove.processRequest(`note ${index}`)).status).toBe("queued");
    const refused = await glove.processRequest("note 11").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SteeringQueueFullError);
    expect(refused).toMatchObject({ httpStatus: 429, code: "steering_queue_full" });
    await expect(glove.queueMessage("note 12")).rejects.toBeInstanceOf(SteeringQueueFullError);
    expect(await store.getQueuedMessages()).toHaveLength(10);
    release.resolve();
    await run;
    expect(model.requests[1].messages.filter((message) => message.is_steering).map((message) => message.text)).toEqual(
      Array.from({ length: 10 }, (_, index) => `note ${index + 1}`),
    );
  });

  it("the limit is configurable", async () => {
    const { glove, started, release } = busyAgent([{ toolCalls: [{ name: "work", input: {} }] }, { text: "ok" }], { steeringLimit: 1 });
    const run = glove.processRequest("Start");
    await started.promise;
    await glove.processRequest("one");
    await expect(glove.processRequest("two")).rejects.toBeInstanceOf(SteeringQueueFullError);
    release.resolve();
    await run;
  });

  it("a message sent while the run waits for a card is injected when the step completes", async () => {
    const { glove, store, model } = makeAgent([{ toolCalls: [{ name: "ask", input: {} }] }, { text: "Got both." }]);
    glove.fold({ name: "ask", description: "Asks.", do: async (_input, display) => success(await display.pushAndWait({ q: "color?" })) });
    await glove.processRequest("Pick a color");
    expect((await glove.processRequest("I prefer warm colors")).status).toBe("queued");
    const [slot] = await store.listSlots({ status: "pending" });
    await glove.resolveSlot(slot.id, "red");
    await glove.continueRun();
    expect(transcript(model.requests[1].messages).slice(-2)).toEqual(["results:ask=success", "user:I prefer warm colors"]);
  });

  it("queued messages are never lost: an aborted run leaves them for the next request, in order", async () => {
    const controller = new AbortController();
    const { glove, store, model, started } = busyAgent([{ toolCalls: [{ name: "work", input: {} }] }, { text: "Fresh start." }]);
    const run = glove.processRequest("Start", { signal: controller.signal });
    await started.promise;
    await glove.processRequest("queued during the run");
    controller.abort();
    expect((await run).status).toBe("aborted");
    expect((await store.getQueuedMessages()).map((message) => message.text)).toEqual(["queued during the run"]);
    await glove.processRequest("new message");
    expect(transcript(model.requests[1].messages).slice(-2)).toEqual(["user:queued during the run", "user:new message"]);
    expect(await store.getQueuedMessages()).toEqual([]);
  });

  it("continueRun picks up messages left in the queue after a run ended", async () => {
    const { glove, store, model } = makeAgent([{ text: "first" }, { text: "About the leftover." }]);
    await glove.processRequest("hi");
    await store.enqueueMessage({ id: "late", text: "a late message", created_at: new Date().toISOString() }, 10);
    expect(await glove.continueRun()).toMatchObject({ status: "completed", reply: { text: "About the leftover." } });
    expect(model.requests[1].messages.at(-1)).toMatchObject({ id: "late", is_steering: true, text: "a late message" });
    expect(await glove.continueRun()).toEqual({ status: "idle" });
  });
});

describe("the run's last safe point", () => {
  it("a message queued as the model gives its last answer is answered by the same run, which then completes once", async () => {
    /** Queues a person's message at the moment the run ends, as one sent while the last answer streamed would be. */
    class LateMessageStore extends MemoryStore {
      private late = true;
      override async completeRunUnlessWork(runId: string, messages?: Message[]) {
        if (this.late) {
          this.late = false;
          await this.enqueueMessage({ id: "late-1", text: "One more thing", created_at: new Date().toISOString() }, 10);
        }
        return super.completeRunUnlessWork(runId, messages);
      }
    }
    const { glove, model, recorder, store } = makeAgent([{ text: "First answer." }, { text: "And the one more thing." }], {
      store: new LateMessageStore("test"),
    });
    const outcome = await glove.processRequest("Hello");
    expect(outcome).toMatchObject({ status: "completed", nothingLeft: true, reply: { text: "And the one more thing." } });
    expect(transcript(model.requests[1].messages)).toEqual(["user:Hello", "agent:First answer.", "user:One more thing"]);
    expect(recorder.of("run_started")).toHaveLength(1);
    expect(recorder.of("run_completed")).toHaveLength(1);
    expect(await store.getQueuedMessages()).toEqual([]);
    expect(await store.getActiveRun()).toBeNull();
    // The first answer was stored by the end that found the late message, before that message.
    expect((await store.getMessages()).map((message) => message.text)).toEqual([
      "Hello",
      "First answer.",
      "One more thing",
      "And the one more thing.",
    ]);
  });

  it("a plain answer ends with the store's one last look: no separate read of the queue after the model's reply", async () => {
    const { glove, store } = makeAgent([{ text: "Hi." }]);
    const reads = vi.spyOn(store, "getQueueAndInbox");
    const ends = vi.spyOn(store, "completeRunUnlessWork");
    const moves = vi.spyOn(store, "transitionRun");
    expect(await glove.processRequest("Hello")).toMatchObject({ status: "completed", nothingLeft: true });
    expect(reads).not.toHaveBeenCalled();
    expect(ends).toHaveBeenCalledTimes(1);
    expect(moves).not.toHaveBeenCalled();
  });

  it("the last reply is stored by the run's end, and its model_response_complete follows the store", async () => {
    const { glove, store, recorder } = makeAgent([{ text: "Hi." }]);
    const appends = vi.spyOn(store, "appendMessages");
    const ends = vi.spyOn(store, "completeRunUnlessWork");
    const storedAtComplete: string[][] = [];
    glove.addSubscriber({
      record: async (type) => {
        if (type === "model_response_complete") storedAtComplete.push((await store.getMessages()).map((message) => message.text));
      },
    });
    await glove.processRequest("Hello");
    expect(appends.mock.calls.map(([messages]) => messages.map((message) => message.text))).toEqual([["Hello"]]);
    expect(ends.mock.calls[0][1]?.map((message) => message.text)).toEqual(["Hi."]);
    expect(storedAtComplete).toEqual([["Hello", "Hi."]]);
    expect(recorder.types().slice(-2)).toEqual(["model_response_complete", "run_completed"]);
  });

  it("a last reply whose run's end fails is still stored when the run is marked failed", async () => {
    /** The database away for one statement: the run's end. */
    class FailingEndStore extends MemoryStore {
      override async completeRunUnlessWork(): Promise<never> {
        throw new Error("connection reset");
      }
    }
    const { glove, store } = makeAgent([{ text: "The answer." }], { store: new FailingEndStore("test") });
    expect(await glove.processRequest("Hello")).toMatchObject({ status: "failed" });
    expect((await store.getMessages()).map((message) => message.text)).toEqual(["Hello", "The answer."]);
    expect(await store.getActiveRun()).toBeNull();
  });

  it("a run that ends while a blocking inbox item is pending says something may be left for a next run", async () => {
    const store = new MemoryStore("test");
    await store.addInboxItem({
      id: "inbox-1",
      tag: "payment",
      request: "Confirm the payment",
      response: null,
      status: "pending",
      blocking: true,
      created_at: new Date().toISOString(),
      resolved_at: null,
    });
    const { glove } = makeAgent([{ text: "Waiting for the payment." }], { store });
    expect(await glove.processRequest("Hello")).toMatchObject({ status: "completed", nothingLeft: false });
  });

  it("a message whose active run ended between the refused start and its enqueue is answered by a run of its own", async () => {
    /** Refuses the first start as if a run were still active, which then ended before the message was queued. */
    class EndedMeanwhileStore extends MemoryStore {
      private refuse = true;
      override async createRunAndRead(run: RunRecord) {
        if (this.refuse) {
          this.refuse = false;
          return null;
        }
        return super.createRunAndRead(run);
      }
    }
    const { glove, model, store } = makeAgent([{ text: "Answered after all." }], { store: new EndedMeanwhileStore("test") });
    const outcome = await glove.processRequest("Hello");
    expect(outcome).toMatchObject({ status: "completed", reply: { text: "Answered after all." } });
    expect(transcript(model.requests[0].messages)).toEqual(["user:Hello"]);
    expect(await store.getQueuedMessages()).toEqual([]);
  });
});
