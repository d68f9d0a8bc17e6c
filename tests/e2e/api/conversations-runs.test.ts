import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../support/http-client";
import { appBaseURL } from "../support/env";
import { anthropicText, startFakeAnthropic, type FakeAnthropicServer } from "../../support/fake-providers/anthropic";
import { createConversation, EventStreamReader, openEvents, postMessage, readToEnd, say, useAnthropicAt } from "../support/run-events";

type ErrorBody = { error: { code: string; message: string } };
type Snapshot = {
  messages: { sender: string; text: string; is_steering?: boolean }[];
  queued: { text: string }[];
  run: { id: string; status: string; error: string | null };
  lastEventSeq: number;
};

/** About 6 s of streamed text: long enough to act while it runs. */
const slowReply = () => anthropicText(Array.from({ length: 300 }, (_, i) => `word${i}`).join(" "), { interTokenDelayMs: 20 });

let model: FakeAnthropicServer;
let user: TestAccount;

beforeAll(async () => {
  model = await startFakeAnthropic(anthropicText("All done."));
  user = await createAccount(appBaseURL(), "runner");
  await useAnthropicAt(user, model.url);
});

afterAll(async () => {
  await model.close();
});

async function startSlowRun(conversationId: string) {
  model.enqueue(slowReply());
  const stream = new EventStreamReader(await postMessage(user.client, conversationId, "tell me a long story"));
  await stream.waitForType("text_delta");
  return stream;
}

describe("a run and the messages sent while it runs", () => {
  it("a snapshot taken mid-answer carries the answer so far; the stored answer goes on from it", async () => {
    const id = await createConversation(user.client);
    const stream = await startSlowRun(id);
    await stream.waitFor((event) => event.type === "text_delta" && stream.events.filter((e) => e.type === "text_delta").length >= 3);
    const during = await user.client.json<Snapshot & { responseEvents: { seq: number; type: string; text?: string }[] }>(
      `/api/conversations/${id}`,
    );
    expect(during.body.run.status).toBe("running");
    const sofar = during.body.responseEvents
      .filter((event) => event.type === "text_delta")
      .map((event) => event.text)
      .join("");
    expect(sofar).toMatch(/^word0 word1 word2/);
    expect(during.body.responseEvents.every((event) => event.seq <= during.body.lastEventSeq)).toBe(true);
    expect(during.body.responseEvents[0]).toMatchObject({ type: "run_started" });

    await user.client.json(`/api/conversations/${id}/abort`, { json: {} });
    await stream.ended;
    const after = await user.client.json<Snapshot & { responseEvents: unknown[] }>(`/api/conversations/${id}`);
    expect(after.body.responseEvents).toEqual([]);
    expect(after.body.messages.at(-1)?.text.startsWith(sofar)).toBe(true);
  });

  it("queues messages while a run is active (the stream says so); the 11th gets 429; abort stops the run at once", async () => {
    const id = await createConversation(user.client);
    const first = await startSlowRun(id);
    for (let n = 1; n <= 10; n++) {
      const response = await postMessage(user.client, id, `also this ${n}`);
      expect(response.status).toBe(200);
      const events = await readToEnd(response);
      expect(events.map((e) => e.type)).toContain("message_queued");
      expect(events.find((e) => e.type === "message_queued")?.data).toMatchObject({ message: { text: `also this ${n}` }, queue_length: n });
    }
    const eleventh = await user.client.json<ErrorBody>(`/api/conversations/${id}/messages`, { json: { text: "one too many" } });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.error.code).toBe("steering_queue_full");
    expect(eleventh.body.error.message).toMatch(/10 messages are already waiting/);

    const started = Date.now();
    const abort = await user.client.json<{ status: string; run_id: string }>(`/api/conversations/${id}/abort`, { json: {} });
    expect(abort.status).toBe(200);
    expect(abort.body.status).toBe("aborted");
    expect(Date.now() - started).toBeLessThan(3000);
    await first.ended;
    expect(first.types().at(-1)).toBe("run_aborted");

    const snapshot = await user.client.json<Snapshot>(`/api/conversations/${id}`);
    expect(snapshot.body.run).toMatchObject({ id: abort.body.run_id, status: "aborted" });
    // What streamed before the abort is kept as the agent's message; the queue waits for the next message.
    expect(snapshot.body.messages.at(-1)).toMatchObject({ sender: "agent", text: expect.stringMatching(/^word0 word1/) });
    expect(snapshot.body.queued).toHaveLength(10);
    expect((await user.client.json<{ status: string }>(`/api/conversations/${id}/abort`, { json: {} })).body).toEqual({
      status: "not_active",
    });
  });

  it("a queued message is taken at the run's next safe point", async () => {
    const id = await createConversation(user.client);
    const first = await startSlowRun(id);
    await readToEnd(await postMessage(user.client, id, "and keep it short"));
    await first.ended;
    const types = first.types();
    expect(types.at(-1)).toBe("run_completed");
    expect(types.filter((type) => type === "model_response_complete")).toHaveLength(2);
    expect(first.events.find((e) => e.type === "message_injected")?.data.message).toMatchObject({
      text: "and keep it short",
      is_steering: true,
    });
    const snapshot = await user.client.json<Snapshot>(`/api/conversations/${id}`);
    expect(snapshot.body.queued).toEqual([]);
    expect(snapshot.body.messages.map((m) => m.sender)).toEqual(["user", "agent", "user", "agent"]);
  });

  it("a client that disconnects does not stop the run", async () => {
    const id = await createConversation(user.client);
    const stream = await startSlowRun(id);
    await stream.close();
    await expect
      .poll(async () => (await user.client.json<Snapshot>(`/api/conversations/${id}`)).body.run.status, { timeout: 20_000, interval: 250 })
      .toBe("completed");
    const snapshot = await user.client.json<Snapshot>(`/api/conversations/${id}`);
    expect(snapshot.body.messages.at(-1)?.text).toMatch(/word299$/);
  });

  it("text deltas are coalesced: far fewer frames than tokens, the same text", async () => {
    const id = await createConversation(user.client);
    model.enqueue(slowReply());
    const events = await readToEnd(await postMessage(user.client, id, "tell me a long story"));
    const deltas = events.filter((e) => e.type === "text_delta");
    expect(deltas.map((e) => e.data.text).join("")).toBe(Array.from({ length: 300 }, (_, i) => `word${i}`).join(" "));
    // 300 tokens 20 ms apart over about 6 s: one frame per 50 ms is about 120; per token would be 300.
    expect(deltas.length).toBeLessThan(200);
    expect(deltas.length).toBeGreaterThan(20);
  });
});

describe("GET /events: replay and live tail", () => {
  it("replays exactly the missed events after Last-Event-ID (the header wins over ?after=), then stays open", async () => {
    const demo = await createAccount(appBaseURL(), "replayer");
    const id = await createConversation(demo.client);
    const live = [
      ...(await say(demo.client, id, "hello")),
      ...(await say(demo.client, id, "send an email to ada@example.com about the launch")),
    ];
    expect(live.map((e) => e.seq)).toEqual(live.map((_, index) => index + 1));

    const replay = await openEvents(demo.client, id, { lastEventId: 4, after: 1 });
    await replay.waitFor((e) => e.seq === live.length);
    expect(replay.events).toEqual(live.slice(4));
    const fromQuery = await openEvents(demo.client, id, { after: live.length - 2 });
    await fromQuery.waitFor((e) => e.seq === live.length);
    expect(fromQuery.events).toEqual(live.slice(-2));
    await replay.close();
    await fromQuery.close();
    expect((await demo.client.json(`/api/conversations/${id}/events?after=-1`)).status).toBe(422);
    expect((await demo.client.json(`/api/conversations/${id}/events?after=abc`)).status).toBe(422);
  });

  it("two tabs see the same events of a run started elsewhere, and heartbeats", async () => {
    const demo = await createAccount(appBaseURL(), "twotabs");
    const id = await createConversation(demo.client);
    const tabA = await openEvents(demo.client, id);
    const tabB = await openEvents(demo.client, id, { after: 0 });
    const sent = await say(demo.client, id, "help me choose between tea, coffee and water");
    await tabA.waitFor((e) => e.seq === sent.at(-1)!.seq);
    await tabB.waitFor((e) => e.seq === sent.at(-1)!.seq);
    expect(tabA.events).toEqual(sent);
    expect(tabB.events).toEqual(sent);
    expect(sent.find((e) => e.type === "user_message")?.data.message.text).toBe("help me choose between tea, coffee and water");
    // Answering in one tab: the other sees the card settle and the continuation.
    const slotId = sent.find((e) => e.type === "slot_push")!.data.slot.id;
    await demo.client.json(`/api/slots/${slotId}/resolve`, { json: { value: { choice: "tea" } } });
    await tabB.waitForType("run_completed");
    expect(tabB.events.find((e) => e.type === "slot_resolved")?.data.slot).toMatchObject({ id: slotId, status: "resolved" });
    // The e2e server sends a heartbeat every 2 s (SSE_HEARTBEAT_MS).
    await expect.poll(() => tabA.comments, { timeout: 5000 }).toContain("heartbeat");
    await tabA.close();
    await tabB.close();
  });

  it("the snapshot's lastEventSeq is where a re-attaching client continues", async () => {
    const demo = await createAccount(appBaseURL(), "reattach");
    const id = await createConversation(demo.client);
    await say(demo.client, id, "hello");
    const snapshot = await demo.client.json<Snapshot>(`/api/conversations/${id}`);
    const tail = await openEvents(demo.client, id, { after: snapshot.body.lastEventSeq });
    const next = await say(demo.client, id, "hello again");
    await tail.waitFor((e) => e.seq === next.at(-1)!.seq);
    expect(tail.events).toEqual(next);
    expect(next[0].seq).toBe(snapshot.body.lastEventSeq + 1);
    await tail.close();
  });
});
