// A failed run's technical detail reaches owners and admins only: a member's stream and snapshot
// carry the sentence for people and a code, never the provider's words, the key or the settings.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appBaseURL } from "../support/env";
import { teamOf } from "../support/teams";
import { anthropicError, startFakeAnthropic, type FakeAnthropicServer } from "../../support/fake-providers/anthropic";
import { createConversation, openEvents, postMessage, readToEnd, useAnthropicAt } from "../support/run-events";

const MODEL_NOT_SET_UP = "The agent's model is not set up. Ask an admin to check Settings → Agent.";
const RAW = "The Anthropic API key was rejected. Check the key in agent settings.";
const TECHNICAL = /API key|API_KEY|agent settings|rejected/;

type RunView = { id: string; status: string; error: string | null; code?: string; detail?: string };

// Its own server: a refused key pauses every call to that server (provider-cooldowns.ts).
let model: FakeAnthropicServer;
beforeAll(async () => {
  model = await startFakeAnthropic(anthropicError(401));
});
afterAll(async () => model?.close());

describe("a run that fails with a provider error", () => {
  it("a member reads the sentence and the code; an admin and the owner read the detail too", async () => {
    const { owner, admin, member, slug } = await teamOf(appBaseURL());
    await useAnthropicAt(owner, model.url);
    const id = await createConversation(member.client, undefined, slug);

    const sent = await postMessage(member.client, id, "hello");
    expect(sent.status).toBe(200);
    const memberEvents = await readToEnd(sent);
    const failed = memberEvents.find((event) => event.type === "run_failed");
    expect(failed?.data).toEqual({ run_id: expect.any(String), message: MODEL_NOT_SET_UP, code: "model_not_set_up" });
    expect(JSON.stringify(memberEvents)).not.toMatch(TECHNICAL);

    const memberSnapshot = await member.client.json<{ run: RunView }>(`/api/conversations/${id}`);
    expect(memberSnapshot.body.run).toEqual({
      id: failed?.data.run_id,
      status: "failed",
      error: MODEL_NOT_SET_UP,
      code: "model_not_set_up",
    });
    expect(JSON.stringify(memberSnapshot.body)).not.toMatch(TECHNICAL);
    // The member's own replay of the stream reads the same.
    const memberReplay = await openEvents(member.client, id, { after: 0 });
    expect((await memberReplay.waitForType("run_failed")).data).not.toHaveProperty("detail");
    await memberReplay.close();

    for (const reader of [admin, owner]) {
      const replay = await openEvents(reader.client, id, { after: 0 });
      const event = await replay.waitForType("run_failed");
      await replay.close();
      expect(event.data).toMatchObject({ code: "model_not_set_up", detail: RAW });
      const snapshot = await reader.client.json<{ run: RunView }>(`/api/conversations/${id}`);
      expect(snapshot.body.run).toMatchObject({ status: "failed", code: "model_not_set_up", detail: RAW });
    }
  });
});
