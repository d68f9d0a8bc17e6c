import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { AGENT_EVENT_TYPES } from "@/lib/agent/events";
import { repoRoot } from "@/tooling/db/embedded-postgres";
import { createAccount, type TestAccount } from "../support/http-client";
import { appBaseURL } from "../support/env";
import { answerSlot, createConversation, EventStreamReader, postMessage, readToEnd, say, type StreamedEvent } from "../support/run-events";

/**
 * docs/streaming.md is the protocol's documentation; this test keeps it true. It reads the event
 * table and the `sse-sequence` blocks from the page and runs each sequence over real HTTP with the
 * offline demo model.
 */
const doc = readFileSync(path.join(repoRoot, "docs", "streaming.md"), "utf8");

const documentedTypes = [...doc.matchAll(/^\| `([a-z_]+)` \|/gm)].map((match) => match[1]);
const sequences = new Map(
  [...doc.matchAll(/```sse-sequence ([a-z-]+)\n([\s\S]*?)```/g)].map((match) => [match[1], match[2].trim().split("\n")]),
);

/** Consecutive text deltas are one `text_delta+` in the document: how many there are depends on timing. */
function shape(events: StreamedEvent[]): string[] {
  const types: string[] = [];
  for (const { type } of events) {
    if (type === "text_delta" && types.at(-1) === "text_delta+") continue;
    types.push(type === "text_delta" ? "text_delta+" : type);
  }
  return types;
}

let user: TestAccount;
const seen = new Set<string>();

async function permissionCard() {
  const id = await createConversation(user.client);
  const events = await say(user.client, id, "send an email to ada@example.com about the launch");
  return { events, slotId: events.find((event) => event.type === "slot_push")!.data.slot.id as string };
}

const scenarios: Record<string, () => Promise<StreamedEvent[]>> = {
  "plain-turn": async () => say(user.client, await createConversation(user.client), "hello"),
  "permission-request": async () => (await permissionCard()).events,
  "permission-allowed": async () =>
    readToEnd(
      await answerSlot(user.client, (await permissionCard()).slotId, "resolve", { value: { decision: "allow_once" } }, { stream: true }),
    ),
  "permission-denied": async () =>
    readToEnd(
      await answerSlot(
        user.client,
        (await permissionCard()).slotId,
        "resolve",
        { value: { decision: "deny", reason: "not now" } },
        { stream: true },
      ),
    ),
  "queued-message": async () => {
    const id = await createConversation(user.client);
    // A run waiting on a card is active: the next message is queued.
    await say(user.client, id, "help me choose between tea, coffee and water");
    return readToEnd(await postMessage(user.client, id, "actually, never mind"));
  },
};

beforeAll(async () => {
  user = await createAccount(appBaseURL(), "protocol");
});

describe("docs/streaming.md", () => {
  it("documents every event the runtime and the server send", () => {
    expect(documentedTypes.length).toBeGreaterThan(20);
    expect(new Set(documentedTypes).size).toBe(documentedTypes.length);
    expect(documentedTypes).toEqual(expect.arrayContaining([...AGENT_EVENT_TYPES, "user_message", "run_retried", "event_not_stored"]));
    for (const type of documentedTypes) expect([...AGENT_EVENT_TYPES, "user_message", "run_retried", "event_not_stored"]).toContain(type);
  });

  it("has a runnable scenario for every sequence block, and a block for every scenario", () => {
    expect([...sequences.keys()].sort()).toEqual(Object.keys(scenarios).sort());
  });

  it.each(Object.keys(scenarios))("sequence %s is what the server streams", async (name) => {
    const events = await scenarios[name]();
    for (const event of events) seen.add(event.type);
    expect(shape(events)).toEqual(sequences.get(name));
    // Frames: ids are the conversation's sequence numbers, consecutive within one stream here.
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => events[0].seq + index));
  });

  it("every event type seen on the wire is in the event table", () => {
    expect(seen.size).toBeGreaterThan(8);
    for (const type of seen) expect(documentedTypes).toContain(type);
  });

  it("streams are text/event-stream, open with a comment and carry id, event and one JSON data line per frame", async () => {
    const id = await createConversation(user.client);
    const response = await postMessage(user.client, id, "hello");
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toContain("no-transform");
    const raw = await response.text();
    expect(raw.startsWith(": open\n\n")).toBe(true);
    const frames = raw.split("\n\n").filter((frame) => frame && !frame.startsWith(":"));
    for (const frame of frames) {
      const lines = frame.split("\n");
      expect(lines).toHaveLength(3);
      expect(lines[0]).toMatch(/^id: \d+$/);
      expect(lines[1]).toMatch(/^event: [a-z_]+$/);
      expect(lines[2]).toMatch(/^data: \{.*\}$/);
      expect(() => JSON.parse(lines[2].slice("data: ".length))).not.toThrow();
    }
    const reader = new EventStreamReader(await user.client.request(`/api/conversations/${id}/events?after=0`));
    await reader.waitFor((event) => event.type === "run_completed");
    await reader.close();
  });
});
