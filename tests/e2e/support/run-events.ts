import { createSseParser } from "@/lib/client/sse-parser";
import type { HttpClient } from "./http-client";

/** A run event as it arrived over SSE. `data` is the frame's JSON. */
export interface StreamedEvent {
  seq: number;
  type: string;
  // Tests look into payloads freely.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
}

/**
 * A live SSE response being read in the background: `events` and `comments` grow as frames arrive;
 * `waitFor` resolves when an event matches; `ended` when the server closed the stream.
 */
export class EventStreamReader {
  readonly events: StreamedEvent[] = [];
  readonly comments: string[] = [];
  readonly ended: Promise<void>;
  private endedAt: number | null = null;
  private lastFrameAt = Date.now();
  private waiters: Array<{ match: (event: StreamedEvent) => boolean; resolve: (event: StreamedEvent) => void }> = [];
  private reader: ReadableStreamDefaultReader<string> | null = null;

  constructor(readonly response: Response) {
    const parser = createSseParser(
      (frame) => {
        this.lastFrameAt = Date.now();
        const event = { seq: Number(frame.id), type: frame.event, data: JSON.parse(frame.data) };
        this.events.push(event);
        this.waiters = this.waiters.filter((waiter) => !(waiter.match(event) && (waiter.resolve(event), true)));
      },
      (comment) => {
        this.lastFrameAt = Date.now();
        this.comments.push(comment);
      },
    );
    this.ended = (async () => {
      if (!response.body) return;
      const reader = (this.reader = response.body.pipeThrough(new TextDecoderStream()).getReader());
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          parser.feed(value);
        }
      } catch {
        // cancelled by close()
      } finally {
        parser.end();
        this.endedAt = Date.now();
      }
    })();
  }

  /** Whether the server ended the stream or it went quiet, for a timeout's message. */
  private state(): string {
    const ago = (at: number) => `${Date.now() - at} ms ago`;
    return this.endedAt === null
      ? `the stream is open, its last frame (event or heartbeat) came ${ago(this.lastFrameAt)}`
      : `the stream ended ${ago(this.endedAt)}`;
  }

  types(): string[] {
    return this.events.map((event) => event.type);
  }

  /** Resolves with the first event (already received or coming) that matches; rejects after `timeoutMs`. */
  waitFor(match: (event: StreamedEvent) => boolean, timeoutMs = 15_000): Promise<StreamedEvent> {
    const seen = this.events.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching event within ${timeoutMs} ms; got ${this.types().join(", ")}; ${this.state()}`)),
        timeoutMs,
      );
      this.waiters.push({ match, resolve: (event) => (clearTimeout(timer), resolve(event)) });
    });
  }

  waitForType(type: string, timeoutMs?: number) {
    return this.waitFor((event) => event.type === type, timeoutMs);
  }

  /** Disconnects, as a closed tab does. */
  async close() {
    await this.reader?.cancel().catch(() => {});
    await this.ended;
  }
}

/** Reads a whole SSE answer (the POST routes end their stream when the run ends). */
export async function readToEnd(response: Response, timeoutMs = 30_000): Promise<StreamedEvent[]> {
  const reader = new EventStreamReader(response);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    reader.ended,
    new Promise(
      (_, reject) =>
        (timer = setTimeout(
          () => reject(new Error(`stream did not end within ${timeoutMs} ms; got ${reader.types().join(", ")}`)),
          timeoutMs,
        )),
    ),
  ]);
  clearTimeout(timer);
  return reader.events;
}

/** In the account's first organization, or in `org` (a slug) for a team it joined. */
export async function createConversation(client: HttpClient, title?: string, org?: string): Promise<string> {
  const path = org ? `/api/conversations?org=${encodeURIComponent(org)}` : "/api/conversations";
  const { status, body } = await client.json<{ conversation: { id: string } }>(path, { json: title ? { title } : {} });
  if (status !== 201) throw new Error(`create conversation: ${status} ${JSON.stringify(body)}`);
  return body.conversation.id;
}

/** POSTs a message; the response is returned unread (a stream on success, JSON on errors). */
export function postMessage(client: HttpClient, conversationId: string, text: string, extra: Record<string, unknown> = {}) {
  return client.request(`/api/conversations/${conversationId}/messages`, { json: { text, ...extra } });
}

/** POSTs a message and reads its stream to the end. */
export async function say(client: HttpClient, conversationId: string, text: string): Promise<StreamedEvent[]> {
  const response = await postMessage(client, conversationId, text);
  if (response.status !== 200) throw new Error(`message: ${response.status} ${await response.text()}`);
  return readToEnd(response);
}

export function openEvents(client: HttpClient, conversationId: string, options: { after?: number; lastEventId?: number } = {}) {
  const query = options.after === undefined ? "" : `?after=${options.after}`;
  const headers: Record<string, string> = options.lastEventId === undefined ? {} : { "last-event-id": String(options.lastEventId) };
  return client
    .request(`/api/conversations/${conversationId}/events${query}`, { headers })
    .then((response) => new EventStreamReader(response));
}

/** Answers a card; with `stream`, asks for the continuation as SSE. */
export function answerSlot(
  client: HttpClient,
  slotId: string,
  action: "resolve" | "reject",
  body: unknown,
  options: { stream?: boolean } = {},
) {
  return client.request(`/api/slots/${slotId}/${action}`, { json: body, headers: options.stream ? { accept: "text/event-stream" } : {} });
}

/** Points the account's organization at a model server on 127.0.0.1 (the e2e server allows private URLs), with a tenant key. */
export async function useAnthropicAt(
  account: { client: HttpClient; orgSlug: string },
  baseURL: string,
  providerApiKey = "sk-tenant-test-key",
) {
  const current = await account.client.json<{ settings: { enabledTools: string[] } }>(`/api/orgs/${account.orgSlug}/agent`);
  const { status, body } = await account.client.json(`/api/orgs/${account.orgSlug}/agent`, {
    method: "PUT",
    json: {
      name: "Test agent",
      systemPrompt: "You are a test agent.",
      model: { provider: "anthropic", model: "claude-test", baseURL, maxAttempts: 1 },
      enabledTools: current.body.settings.enabledTools,
      providerApiKey,
    },
  });
  if (status !== 200) throw new Error(`agent settings: ${status} ${JSON.stringify(body)}`);
}
