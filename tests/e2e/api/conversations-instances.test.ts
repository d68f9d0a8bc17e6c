import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient, createAccount, type TestAccount } from "../support/http-client";
import { appBaseURL, appDatabaseUrl } from "../support/env";
import { startAppServer, type AppServer } from "../../support/app-server";
import { anthropicText, startFakeAnthropic, type FakeAnthropicServer } from "../../support/fake-providers/anthropic";
import { createConversation, EventStreamReader, openEvents, postMessage, readToEnd, say, useAnthropicAt } from "../support/run-events";

/**
 * Two instances of the app on one database: the shared e2e server (A) and a second one (B)
 * started here. Events, answers and aborts cross between them through Postgres.
 */
let instanceB: AppServer;
let model: FakeAnthropicServer;

type Snapshot = { run: { id: string; status: string; error: string | null }; messages: { sender: string; text: string }[] };

beforeAll(async () => {
  [instanceB, model] = await Promise.all([
    startAppServer({ databaseUrl: appDatabaseUrl() }),
    startFakeAnthropic(anthropicText("All done.")),
  ]);
});

afterAll(async () => {
  await Promise.all([instanceB?.stop(), model?.close()]);
});

async function onB(account: TestAccount): Promise<HttpClient> {
  const client = new HttpClient(instanceB.baseURL);
  if (!(await client.signIn(account.email, account.password))) throw new Error("sign-in on instance B failed");
  return client;
}

const slowReply = () => anthropicText(Array.from({ length: 400 }, (_, i) => `w${i}`).join(" "), { interTokenDelayMs: 20 });

describe("several server instances", () => {
  it("a viewer on B sees every event of a run executing on A, in order", async () => {
    const user = await createAccount(appBaseURL(), "viewer");
    const b = await onB(user);
    const id = await createConversation(user.client);
    const tab = await openEvents(b, id, { after: 0 });
    const sent = [...(await say(user.client, id, "hello")), ...(await say(user.client, id, "make a task list for the launch"))];
    await tab.waitFor((e) => e.seq === sent.at(-1)!.seq);
    expect(tab.events).toEqual(sent);
    await tab.close();
  });

  it("a card pushed by a run on A is answered on B: B continues the run and A's viewers see it", async () => {
    const user = await createAccount(appBaseURL(), "crossing");
    const b = await onB(user);
    const id = await createConversation(user.client);
    const sent = await say(user.client, id, "send an email to ada@example.com about the launch");
    const tabOnA = await openEvents(user.client, id, { after: sent.at(-1)!.seq });
    const slotId = sent.find((e) => e.type === "slot_push")!.data.slot.id;
    const response = await b.request(`/api/slots/${slotId}/resolve`, {
      json: { value: { decision: "allow_once" } },
      headers: { accept: "text/event-stream" },
    });
    const continuation = await readToEnd(response);
    expect(continuation.at(-1)?.type).toBe("run_completed");
    await tabOnA.waitForType("run_completed");
    expect(tabOnA.events).toEqual(continuation);
    await tabOnA.close();
  });

  it("abort on A stops a run executing on B at once (relayed on the bus)", async () => {
    const user = await createAccount(appBaseURL(), "relay");
    await useAnthropicAt(user, model.url);
    const b = await onB(user);
    const id = await createConversation(user.client);
    model.enqueue(slowReply());
    const stream = new EventStreamReader(await postMessage(b, id, "tell me a long story"));
    await stream.waitForType("text_delta");
    const started = Date.now();
    const abort = await user.client.json<{ status: string }>(`/api/conversations/${id}/abort`, { json: {} });
    expect(abort.body.status).toBe("aborted");
    expect(Date.now() - started).toBeLessThan(3000);
    await stream.ended;
    expect(stream.types().at(-1)).toBe("run_aborted");
  });

  it("a run whose server died is marked failed with a message to act on; retry re-runs the turn", async () => {
    const user = await createAccount(appBaseURL(), "survivor");
    await useAnthropicAt(user, model.url);
    const b = await onB(user);
    const id = await createConversation(user.client);
    const tab = await openEvents(user.client, id, { after: 0 });
    model.enqueue(slowReply());
    const stream = new EventStreamReader(await postMessage(b, id, "tell me a long story"));
    await stream.waitForType("text_delta");
    await instanceB.restart({ hard: true });

    // The e2e servers lease runs for 3 s (RUN_LEASE_MS); then A's sweep or the next read finds it.
    await tab.waitForType("run_failed", 15_000);
    const failed = await user.client.json<Snapshot>(`/api/conversations/${id}`);
    expect(failed.body.run).toMatchObject({ status: "failed", error: "The server running this answer stopped. Retry the last message." });
    expect(tab.events.find((e) => e.type === "run_failed")?.data.message).toBe(
      "The server running this answer stopped. Retry the last message.",
    );

    const retried = await readToEnd(await user.client.request(`/api/conversations/${id}/retry`, { json: {} }));
    expect(retried.map((e) => e.type)).toEqual(
      expect.arrayContaining(["run_started", "run_retried", "model_response_complete", "run_completed"]),
    );
    expect(retried.find((e) => e.type === "run_retried")?.data).toMatchObject({ retry_of: failed.body.run.id, previous_status: "failed" });
    const after = await user.client.json<Snapshot>(`/api/conversations/${id}`);
    expect(after.body.messages.map((m) => [m.sender, m.text])).toEqual([
      ["user", "tell me a long story"],
      ["agent", "All done."],
    ]);
    expect((await user.client.json(`/api/conversations/${id}/retry`, { json: {} })).status).toBe(409);
    // And the conversation takes new messages.
    expect((await say(user.client, id, "thanks")).at(-1)?.type).toBe("run_completed");
    await tab.close();
  });

  it("a waiting card survives a restart of the instance that pushed it", async () => {
    const user = await createAccount(appBaseURL(), "restarter");
    const b = await onB(user);
    const id = await createConversation(user.client);
    const sent = await say(b, id, "help me choose between tea, coffee and water");
    await instanceB.restart({ hard: true });
    const again = await onB(user);
    const snapshot = await again.json<Snapshot & { slots: { id: string; status: string }[] }>(`/api/conversations/${id}`);
    expect(snapshot.body.run.status).toBe("suspended");
    const slotId = sent.find((e) => e.type === "slot_push")!.data.slot.id;
    expect(snapshot.body.slots.find((s) => s.id === slotId)?.status).toBe("pending");
    const continuation = await readToEnd(
      await again.request(`/api/slots/${slotId}/resolve`, {
        json: { value: { choice: "coffee" } },
        headers: { accept: "text/event-stream" },
      }),
    );
    expect(
      continuation
        .filter((e) => e.type === "model_response_complete")
        .map((e) => e.data.text)
        .join(""),
    ).toContain("You chose coffee.");
  });
});
