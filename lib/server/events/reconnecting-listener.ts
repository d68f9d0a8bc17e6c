import pg from "pg";
import { logger } from "@/lib/server/logger";

/** The part of a pg client a listener uses (tests pass a fake). */
export interface ListenClient {
  connect(): Promise<unknown>;
  query(text: string): Promise<unknown>;
  end(): Promise<unknown>;
  on(event: "notification", listener: (message: { channel: string; payload?: string }) => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
  on(event: "end", listener: () => void): unknown;
}

export interface ReconnectingListenerOptions {
  connectionString: string;
  channels: readonly string[];
  /** Named in pg_stat_activity. */
  applicationName: string;
  onNotification(channel: string, payload: string | undefined): void;
  /** After every connect, the first included: notifications sent while nobody listened are lost, so catch up. */
  onConnected(): void;
  /** Between failed attempts: doubling from `initial`, at most `max`. */
  delayMs?: { initial: number; max: number };
  createClient?: (options: pg.ClientConfig) => ListenClient;
  setTimer?: (run: () => void, ms: number) => { cancel(): void };
}

const defaultTimer = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms);
  timer.unref();
  return { cancel: () => clearTimeout(timer) };
};

/**
 * One dedicated LISTEN connection that comes back by itself: the event bus and the webhook
 * dispatcher both use it. There is one chain of attempts at a time, whatever fails: a lost
 * connection or a failed attempt schedules exactly one next attempt (capped exponential backoff),
 * and the "error" and "end" events of one client count as one loss. `ready()` while the chain
 * waits tries at once (so a request is not held for the backoff once the database is back), at
 * most once per initial delay; sooner, it fails with the last attempt's error.
 */
export class ReconnectingListener {
  private client: ListenClient | null = null;
  private attempt: Promise<void> | null = null;
  private timer: { cancel(): void } | null = null;
  private delay: number;
  private lastFailure: { at: number; error: unknown } | null = null;
  private closed = false;
  private readonly initial: number;
  private readonly max: number;

  constructor(private readonly options: ReconnectingListenerOptions) {
    this.initial = options.delayMs?.initial ?? 500;
    this.max = options.delayMs?.max ?? 30_000;
    this.delay = this.initial;
  }

  get connected(): boolean {
    return this.client !== null;
  }

  /** Resolves once listening; rejects when the attempt it waits for fails (the chain goes on). */
  ready(): Promise<void> {
    if (this.client) return Promise.resolve();
    if (this.closed) return Promise.reject(new Error("The listener is closed."));
    if (this.attempt) return this.attempt;
    if (this.lastFailure && Date.now() - this.lastFailure.at < this.initial) return Promise.reject(this.lastFailure.error);
    return this.tryNow();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.timer?.cancel();
    this.timer = null;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private tryNow(): Promise<void> {
    this.timer?.cancel();
    this.timer = null;
    const attempt = this.connectOnce().then(
      () => {
        this.attempt = null;
        this.delay = this.initial;
        this.lastFailure = null;
        this.options.onConnected();
      },
      (error: unknown) => {
        this.attempt = null;
        this.lastFailure = { at: Date.now(), error };
        this.scheduleNext();
        throw error;
      },
    );
    this.attempt = attempt;
    // The chain's own attempts have no caller to tell.
    attempt.catch(() => {});
    return attempt;
  }

  private scheduleNext() {
    if (this.closed || this.timer || this.attempt) return;
    const delay = this.delay;
    this.delay = Math.min(delay * 2, this.max);
    this.timer = (this.options.setTimer ?? defaultTimer)(() => {
      this.timer = null;
      if (!this.closed && !this.client && !this.attempt) void this.tryNow();
    }, delay);
  }

  private async connectOnce(): Promise<void> {
    const create = this.options.createClient ?? ((config: pg.ClientConfig) => new pg.Client(config));
    const client = create({
      connectionString: this.options.connectionString,
      keepAlive: true,
      application_name: this.options.applicationName,
    });
    let settled = false;
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      client.end().catch(() => {});
      // A failure while connecting is the attempt's to report; only a working connection's loss starts the chain.
      if (!settled || this.client !== client) return;
      this.client = null;
      if (this.closed) return;
      logger.warn("a LISTEN connection was lost; reconnecting", { applicationName: this.options.applicationName, error });
      this.scheduleNext();
    };
    client.on("notification", (message: { channel: string; payload?: string }) =>
      this.options.onNotification(message.channel, message.payload),
    );
    client.on("error", (error: Error) => onLost(error));
    client.on("end", () => onLost());
    try {
      await client.connect();
      for (const channel of this.options.channels) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      settled = true;
      onLost();
      throw error;
    }
    settled = true;
    if (lost) throw new Error("The LISTEN connection closed while it was being set up.");
    if (this.closed) {
      await client.end().catch(() => {});
      throw new Error("The listener is closed.");
    }
    this.client = client;
  }
}
