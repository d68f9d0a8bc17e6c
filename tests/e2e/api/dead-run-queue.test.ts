import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient, createAccount } from "../support/http-client";
import { appBaseURL, appDatabaseUrl, appLog } from "../support/env";
import { startAppServer, type AppServer } from "../../support/app-server";
import { anthropicText, startFakeAnthropic, type FakeAnthropicServer } from "../../support/fake-providers/anthropic";
import { createConversation, EventStreamReader, openEvents, postMessage, readToEnd, useAnthropicAt } from "../support/run-events";

/**
 * Issue 12: a message sent while the instance running the answer is dead (before its lease runs
 * out) is queued; once the dead run is marked failed, the queued message is answered without
 * anyone pressing Retry. Instance B runs the answer and is killed; whichever instance sweeps first once
 * the lease ran out recovers it (the shared server A, or B started again), so both paths are exercised.
 */
let instanceB: AppServer;
let model: FakeAnthropicServer;

type Snapshot = { run: { id: string; status: string }; queued: unknown[]; messages: { sender: string; text: string }[] };

beforeAll(async () => {
  [instanceB, model] = await Promise.all([
    startAppServer({ databaseUrl: appDatabaseUrl() }),
    startFakeAnthropic(anthropicText("All done.")),
  ]);
});

afterAll(async () => {
  await Promise.all([instanceB?.stop(), model?.close()]);
});

/** A wait that failed says what the two servers printed of the conversation and of trouble: either may have recovered it. */
async function explained<T>(conversationId: string, waiting: Promise<T>): Promise<T> {
  try {
    return await waiting;
  } catch (error) {
    const lines = (log: string) =>
      log
        .split("\n")
        .filter((line) => line.includes(conversationId) || /"level":"(error|warn)"/.test(line))
        .slice(-30)
        .join("\n");
    throw new Error(
      `${(error as Error).message}\n--- instance A printed:\n${lines(appLog())}\n--- instance B printed:\n${lines(instanceB.output())}`,
    );
  }
}

describe("a message queued behind a run whose server was killed", () => {
  it("is answered once the dead run is marked failed", async () => {
    const user = await createAccount(appBaseURL(), "queued-behind-dead");
    await useAnthropicAt(user, model.url);
    const b = new HttpClient(instanceB.baseURL);
    expect(await b.signIn(user.email, user.password)).toBe(true);
    const id = await createConversation(user.client);
    const tab = await openEvents(user.client, id, { after: 0 });
    model.enqueue(anthropicText(Array.from({ length: 400 }, (_, i) => `w${i}`).join(" "), { interTokenDelayMs: 20 }));
    const stream = new EventStreamReader(await postMessage(b, id, "tell me a long story"));
    await stream.waitForType("text_delta");
    // SIGKILL is sent at once; B starts again in the background (often within the lease: then B may recover).
    const restarted = instanceB.restart({ hard: true });

    // Sent on A while B is dead but its lease (3 s on the e2e servers) still runs: queued.
    await readToEnd(await postMessage(user.client, id, "and then a short summary"));
    const queued = await user.client.json<Snapshot>(`/api/conversations/${id}`);
    expect(queued.body.queued).toHaveLength(1);

    await explained(id, tab.waitForType("run_failed", 15_000));
    await explained(
      id,
      tab.waitFor((event) => event.type === "run_completed", 20_000),
    );
    const after = await user.client.json<Snapshot>(`/api/conversations/${id}`);
    expect(after.body.queued).toEqual([]);
    expect(after.body.run.status).toBe("completed");
    expect(after.body.messages.map((m) => [m.sender, m.text])).toEqual([
      ["user", "tell me a long story"],
      ["user", "and then a short summary"],
      ["agent", "All done."],
    ]);
    await tab.close();
    await restarted;
  });
});
