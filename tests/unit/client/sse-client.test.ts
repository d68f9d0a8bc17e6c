import { describe, expect, it } from "vitest";
import { reconnectDelay } from "@/lib/client/backoff";
import type { ChatEvent } from "@/lib/client/chat-event";
import { postMaybeStreaming, tailEvents, type TailStatus } from "@/lib/client/sse-client";

const sse = (body: string, status = 200) =>
  new Response(body, { status, headers: { "content-type": status === 200 ? "text/event-stream" : "application/json" } });

const frame = (seq: number, type: string, data: object) => `id: ${seq}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

describe("reconnectDelay", () => {
  it("doubles from the base, is capped and jittered into the upper half", () => {
    expect(reconnectDelay(0, { random: () => 0 })).toBe(250);
    expect(reconnectDelay(0, { random: () => 1 })).toBe(500);
    expect(reconnectDelay(3, { random: () => 1 })).toBe(4000);
    expect(reconnectDelay(30, { random: () => 1 })).toBe(15_000);
  });
});

describe("tailEvents", () => {
  it("re-attaches after a drop with the last event id (header and ?after=) and backs off on errors", async () => {
    const requests: { url: string; lastEventId: string | null }[] = [];
    const answers: Array<() => Response> = [
      () => sse(frame(5, "text_delta", { text: "a" }) + ": heartbeat\n\n" + frame(6, "text_delta", { text: "b" })),
      () => {
        throw new TypeError("network down");
      },
      () => sse("{}", 503),
      () => sse(frame(6, "text_delta", { text: "b" }) + frame(7, "run_completed", { run_id: "r" })),
    ];
    const received: ChatEvent[] = [];
    let last = 4;
    const sleeps: number[] = [];
    const controller = new AbortController();
    const statuses: TailStatus[] = [];
    await tailEvents({
      url: "/api/conversations/c1/events",
      lastEventId: () => last,
      onEvent: (event) => {
        if (event.seq <= last) return;
        last = event.seq;
        received.push(event);
        if (event.type === "run_completed") controller.abort();
      },
      onStatus: (status) => statuses.push(status),
      signal: controller.signal,
      sleep: async (ms) => void sleeps.push(ms),
      fetchImpl: async (input, init) => {
        requests.push({ url: String(input), lastEventId: new Headers(init?.headers).get("last-event-id") });
        return answers[requests.length - 1]();
      },
    });
    expect(received.map((e) => [e.seq, e.type])).toEqual([
      [5, "text_delta"],
      [6, "text_delta"],
      [7, "run_completed"],
    ]);
    expect(requests).toEqual([
      { url: "/api/conversations/c1/events?after=4", lastEventId: "4" },
      { url: "/api/conversations/c1/events?after=6", lastEventId: "6" },
      { url: "/api/conversations/c1/events?after=6", lastEventId: "6" },
      { url: "/api/conversations/c1/events?after=6", lastEventId: "6" },
    ]);
    expect(sleeps[0]).toBe(1000);
    expect(sleeps[2]).toBeGreaterThan(sleeps[1]);
    expect(statuses.at(-1)).toBe("stopped");
  });

  it("stops for good on an answer reconnecting cannot fix", async () => {
    const statuses: string[] = [];
    let calls = 0;
    await tailEvents({
      url: "/x",
      lastEventId: () => 0,
      onEvent: () => undefined,
      onStatus: (status, error) => statuses.push(error ? `${status}:${error.status}` : status),
      signal: new AbortController().signal,
      fetchImpl: async () => {
        calls++;
        return new Response(JSON.stringify({ error: { code: "not_found", message: "gone" } }), { status: 404 });
      },
    });
    expect(calls).toBe(1);
    expect(statuses).toEqual(["connecting", "stopped:404"]);
  });
});

describe("postMaybeStreaming", () => {
  it("reads a streamed answer's events and returns a JSON answer", async () => {
    const events: number[] = [];
    await postMaybeStreaming(
      "/p",
      { text: "hi" },
      (e) => events.push(e.seq),
      async () => sse(frame(1, "run_started", { run_id: "r", kind: "request" })),
    );
    expect(events).toEqual([1]);
    const json = await postMaybeStreaming(
      "/p",
      {},
      () => undefined,
      async () => new Response(JSON.stringify({ ok: 1 }), { headers: { "content-type": "application/json" } }),
    );
    expect(json).toEqual({ ok: 1 });
  });

  it("throws the route's error with its details (409: someone else answered)", async () => {
    const body = {
      error: { code: "conflict", message: "Already answered.", details: { slot: { id: "s1", value: { confirmed: false } } } },
    };
    await expect(
      postMaybeStreaming(
        "/p",
        {},
        () => undefined,
        async () => new Response(JSON.stringify(body), { status: 409 }),
      ),
    ).rejects.toMatchObject({
      status: 409,
      message: "Already answered.",
      details: { slot: { id: "s1" } },
    });
  });
});
