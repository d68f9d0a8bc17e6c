import http from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the fake server received it, for assertions on what an adapter sent. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** Timing of a streamed reply: the knobs the benchmarks turn. */
export interface StreamTiming {
  /** Delay before the first content event (after the response headers). */
  timeToFirstTokenMs?: number;
  /** Delay between two content deltas. */
  interTokenDelayMs?: number;
}

/** A non-streamed HTTP error reply, shaped by each provider's server into its own error body. */
export interface ErrorReply {
  kind: "error";
  status: number;
  /** e.g. `{"retry-after": "2"}` */
  headers?: Record<string, string>;
  message?: string;
  /** The error `type` / `code` in the body, when not the status's usual one (e.g. OpenAI's insufficient_quota). */
  code?: string;
}

export type ReplyScript<Reply> = Reply | ((request: RecordedRequest) => Reply);

/**
 * A local HTTP server that answers each request with the next scripted reply (FIFO), or with
 * the default reply once the script is used up. Provider-specific servers supply `respond`.
 */
export class FakeHttpServer<Reply> {
  readonly requests: RecordedRequest[] = [];
  private readonly script: ReplyScript<Reply>[] = [];
  private readonly server: http.Server;
  private readonly openSockets = new Set<import("node:net").Socket>();
  private baseUrl = "";

  constructor(
    private defaultReply: ReplyScript<Reply>,
    private readonly respond: (reply: Reply, request: RecordedRequest, res: http.ServerResponse) => Promise<void>,
  ) {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    this.server.on("connection", (socket) => {
      this.openSockets.add(socket);
      socket.on("close", () => this.openSockets.delete(socket));
    });
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    const { port } = this.server.address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${port}`;
    return this;
  }

  get url(): string {
    return this.baseUrl;
  }

  /** Queue replies for the next requests, in order. */
  enqueue(...replies: ReplyScript<Reply>[]): void {
    this.script.push(...replies);
  }

  setDefaultReply(reply: ReplyScript<Reply>): void {
    this.defaultReply = reply;
  }

  get lastRequest(): RecordedRequest | undefined {
    return this.requests.at(-1);
  }

  async close(): Promise<void> {
    for (const socket of this.openSockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const recorded: RecordedRequest = {
      method: req.method ?? "GET",
      path: req.url ?? "/",
      headers: req.headers,
      body: raw ? JSON.parse(raw) : undefined,
    };
    this.requests.push(recorded);
    const script = this.script.shift() ?? this.defaultReply;
    const reply = typeof script === "function" ? (script as (r: RecordedRequest) => Reply)(recorded) : script;
    try {
      await this.respond(reply, recorded, res);
    } catch {
      // The client went away mid-reply (an abort test); nothing to clean up but the socket.
      res.destroy();
    }
  }
}

export function sleep(ms: number | undefined): Promise<void> {
  return ms ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

/** Splits text the way a tokenizer roughly would: a word and the whitespace after it. */
export function tokenize(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? (text ? [text] : []);
}

/** Writes and waits for the kernel to take the bytes, so timing between frames is real. */
export function write(res: http.ServerResponse, chunk: string): Promise<void> {
  if (res.destroyed) return Promise.reject(new Error("response closed"));
  return new Promise((resolve, reject) => res.write(chunk, (error) => (error ? reject(error) : resolve())));
}

/** Cuts the TCP connection without a proper end of the HTTP response: a dropped connection. */
export function dropConnection(res: http.ServerResponse): void {
  res.socket?.destroy();
}
