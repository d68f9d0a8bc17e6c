import { Client } from "pg";
import { getPgPool } from "@/lib/db/pg-pool";
import { logger } from "@/lib/server/logger";
import { instanceId } from "./instance-id";
import { localHub, type LocalHub } from "./local-hub";
import { serverEnv } from "@/lib/server/env";

/**
 * Postgres LISTEN/NOTIFY between server instances. Payloads stay tiny (ids and a sequence
 * number): readers fetch the rows themselves, so the 8 KB NOTIFY limit never matters and the
 * database stays the one source of truth.
 *
 * - `handoff_run_events` {c: conversation id, s: seq, i: sender instance}: a run event was stored.
 * - `handoff_run_control` {a: "abort", c, r: run id, i}: stop a run wherever it executes.
 *
 * One dedicated connection listens; it reconnects with backoff and then asks every local reader
 * to catch up from the database, because notifications sent while it was away are lost.
 */
export const RUN_EVENTS_CHANNEL = "handoff_run_events";
export const RUN_CONTROL_CHANNEL = "handoff_run_control";

export interface AbortRequest {
  conversationId: string;
  runId: string;
}

type Query = (text: string, values: unknown[]) => Promise<unknown>;

export interface PgBusOptions {
  connectionString: string;
  instanceId: string;
  hub: LocalHub;
  /** How NOTIFY is sent (a pool's query); the listening connection is the bus's own. */
  query: Query;
  reconnectDelayMs?: { initial: number; max: number };
}

export class PgBus {
  private client: Client | null = null;
  private connecting: Promise<void> | null = null;
  private closed = false;
  private reconnectDelay: number;
  private readonly abortHandlers = new Set<(request: AbortRequest) => void>();
  private readonly lostClients = new WeakSet<Client>();

  constructor(private readonly options: PgBusOptions) {
    this.reconnectDelay = options.reconnectDelayMs?.initial ?? 500;
  }

  /** Resolves once this instance is listening, so nothing committed afterwards goes unnoticed. */
  ready(): Promise<void> {
    if (this.client) return Promise.resolve();
    this.connecting ??= this.connect().catch((error) => {
      this.connecting = null;
      throw error;
    });
    return this.connecting;
  }

  async publishEvent(conversationId: string, seq: number): Promise<void> {
    await this.notify(RUN_EVENTS_CHANNEL, { c: conversationId, s: seq });
  }

  async requestAbort(request: AbortRequest): Promise<void> {
    await this.notify(RUN_CONTROL_CHANNEL, { a: "abort", c: request.conversationId, r: request.runId });
  }

  /** Abort requests from any instance, this one included (the handler checks what runs here). */
  onAbortRequest(handler: (request: AbortRequest) => void): () => void {
    this.abortHandlers.add(handler);
    return () => this.abortHandlers.delete(handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private async notify(channel: string, payload: Record<string, unknown>) {
    await this.options.query("SELECT pg_notify($1, $2)", [channel, JSON.stringify({ ...payload, i: this.options.instanceId })]);
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.options.connectionString, keepAlive: true });
    client.on("notification", (message) => this.receive(message.channel, message.payload));
    client.on("error", (error) => this.lost(client, error));
    client.on("end", () => this.lost(client));
    await client.connect();
    await client.query(`LISTEN ${RUN_EVENTS_CHANNEL}`);
    await client.query(`LISTEN ${RUN_CONTROL_CHANNEL}`);
    if (this.closed) {
      await client.end();
      return;
    }
    this.client = client;
    this.connecting = null;
    this.reconnectDelay = this.options.reconnectDelayMs?.initial ?? 500;
  }

  private receive(channel: string, payload: string | undefined) {
    let notice: { c?: unknown; s?: unknown; r?: unknown; a?: unknown; i?: unknown };
    try {
      notice = JSON.parse(payload ?? "");
    } catch {
      return;
    }
    if (typeof notice.c !== "string") return;
    if (channel === RUN_EVENTS_CHANNEL) {
      // Events of this instance reached its readers directly, with their payload.
      if (notice.i !== this.options.instanceId && typeof notice.s === "number") this.options.hub.publish(notice.c, notice.s);
    } else if (channel === RUN_CONTROL_CHANNEL && notice.a === "abort" && typeof notice.r === "string") {
      for (const handler of this.abortHandlers) handler({ conversationId: notice.c, runId: notice.r });
    }
  }

  private lost(client: Client, error?: Error) {
    // "error" and "end" both arrive for one failure.
    if (this.lostClients.has(client)) return;
    this.lostClients.add(client);
    if (this.client === client) this.client = null;
    client.end().catch(() => {});
    if (this.closed) return;
    logger.warn("event bus connection lost; reconnecting", { error });
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(delay * 2, this.options.reconnectDelayMs?.max ?? 30_000);
    setTimeout(() => {
      if (this.closed) return;
      this.ready().then(
        () => this.options.hub.resyncAll(),
        () => this.scheduleReconnect(),
      );
    }, delay).unref();
  }
}

const shared = globalThis as typeof globalThis & { handoffEventBus?: PgBus };

/** The process's bus over DATABASE_URL. */
export function eventBus(): PgBus {
  if (!shared.handoffEventBus) {
    const connectionString = serverEnv().DATABASE_URL;
    if (!connectionString) throw new Error("DATABASE_URL is not set.");
    const pool = getPgPool();
    shared.handoffEventBus = new PgBus({
      connectionString,
      instanceId: instanceId(),
      hub: localHub(),
      query: (text, values) => pool.query(text, values),
    });
  }
  return shared.handoffEventBus;
}
