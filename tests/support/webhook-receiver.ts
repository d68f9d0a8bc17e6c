import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A real HTTP receiver on 127.0.0.1 for webhook tests: records every request (raw body and
 * headers, as a receiver must verify them) and answers as the test says (a status, a delay, a
 * redirect, or holding the request open until released).
 */

export interface ReceivedRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** Date.now() when the request arrived. */
  at: number;
}

export interface ReceiverAnswer {
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  /** Waited for before answering (a slow receiver, or one held by the test). */
  until?: Promise<unknown>;
}

export type Responder = (request: ReceivedRequest, index: number) => ReceiverAnswer | Promise<ReceiverAnswer>;

export interface WebhookReceiver {
  url: string;
  port: number;
  received: ReceivedRequest[];
  /** Replaces how the receiver answers (default 204). */
  respond(responder: Responder): void;
  /** Polls until `predicate` holds for the received requests; returns them. */
  waitFor(predicate: (received: ReceivedRequest[]) => boolean, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedRequest[] = [];
  let responder: Responder = () => ({ status: 204 });
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers[name] = value;
      const entry = { path: request.url ?? "/", headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() };
      received.push(entry);
      try {
        const answer = await responder(entry, received.length - 1);
        await answer.until;
        response.writeHead(answer.status ?? 204, answer.headers);
        response.end(answer.body);
      } catch {
        response.destroy();
      }
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    respond: (next) => (responder = next),
    async waitFor(predicate, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline)
          throw new Error(`The receiver did not get what was expected in ${timeoutMs} ms (got ${received.length} requests).`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
