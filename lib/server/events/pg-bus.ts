import { getPgPool } from "@/lib/db/pg-pool";
import { instanceId } from "./instance-id";
import { localHub, type LocalHub } from "./local-hub";
import { serverEnv } from "@/lib/server/env";
import { ReconnectingListener, type ReconnectingListenerOptions } from "./reconnecting-listener";

/**
 * Postgres LISTEN/NOTIFY between server instances. Payloads stay tiny (ids and a sequence
 * number): readers fetch the rows themselves, so the 8 KB NOTIFY limit never matters and the
 * database stays the one source of truth.
 *
 * - `handoff_run_events` {c: conversation id, s: seq, i: sender instance}: a run event was stored.
 * - `handoff_run_control` {a: "abort", c, r: run id, i}: stop a run wherever it executes.
 *
 * One dedicated connection listens ([reconnecting-listener.ts](./reconnecting-listener.ts): one
 * chain of attempts with capped backoff); after each connect every local reader catches up from
 * the database, because notifications sent while it was away are lost.
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
  createClient?: ReconnectingListenerOptions["createClient"];
}

export class PgBus {
  private readonly listener: ReconnectingListener;
  private readonly abortHandlers = new Set<(request: AbortRequest) => void>();

  constructor(private readonly options: PgBusOptions) {
    this.listener = new ReconnectingListener({
      connectionString: options.connectionString,
      channels: [RUN_EVENTS_CHANNEL, RUN_CONTROL_CHANNEL],
      applicationName: "handoff-event-bus",
      onNotification: (channel, payload) => this.receive(channel, payload),
      // Readers catch up from the database: what was notified while nobody listened is lost.
      onConnected: () => options.hub.resyncAll(),
      delayMs: options.reconnectDelayMs,
      ...(options.createClient && { createClient: options.createClient }),
    });
  }

  /** Resolves once this instance is listening, so nothing committed afterwards goes unnoticed. */
  ready(): Promise<void> {
    return this.listener.ready();
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

  close(): Promise<void> {
    return this.listener.close();
  }

  private async notify(channel: string, payload: Record<string, unknown>) {
    await this.options.query("SELECT pg_notify($1, $2)", [channel, JSON.stringify({ ...payload, i: this.options.instanceId })]);
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
