import { randomUUID } from "node:crypto";
import type { AgentEventData, AgentEventType, SubscriberAdapter } from "@/lib/agent";
import { RUN_VERDICT_STATUS } from "@/lib/agent/events";
import type { StoredRunEvent } from "@/lib/db/run-events";
import { storableJson } from "@/lib/schemas/text";

export const TEXT_FLUSH_INTERVAL_MS = 50;
/** The most events one `writeBatch` call stores. */
export const MAX_BATCH = 50;
/** Stored in place of an event the database refused, so a person sees that something is missing (docs/streaming.md). */
export const EVENT_NOT_STORED = "event_not_stored";
/** The events that end a run's stream: when one cannot be stored, it still reaches this instance's streams from memory. */
export const VERDICTS: ReadonlySet<string> = new Set(Object.keys(RUN_VERDICT_STATUS));
/** What the run's last words are when the recorder had to give up on events it accepted. */
export const EVENTS_LOST_MESSAGE =
  "The database was unavailable for too long, so part of this answer could not be saved. Reload the conversation, then retry the last message.";

/** The retry's answer when the deadline passed; `reported`: what `onError` threw for it. */
class GaveUp {
  constructor(readonly reported: unknown) {}
}

/** Holds to release with the last batch still to be written, and whether its statement stored them. */
interface Riding {
  holds: readonly string[];
  stored: boolean;
}

interface Queued {
  event: PendingRunEvent;
  settle: (error?: unknown) => void;
}

/** An event before it is stored and numbered. */
export interface PendingRunEvent {
  runId: string;
  type: string;
  data: unknown;
  /**
   * Given when the event is recorded and sent with every write of it, retries included: a batch
   * whose commit went through but whose answer was lost is written again under new seqs, and this
   * key is what lets its metering (lib/db/token-metering.ts) see the event was already counted.
   */
  key?: string;
}

export interface RunEventRecorderOptions {
  /**
   * Stores events in order, numbered consecutively, all or none: the events that queued up while
   * a write was in flight go to the database together, in one round trip. Never more than
   * `MAX_BATCH` at once. `releasingHolds`: usage holds the same statement deletes (`flushReleasing`).
   */
  writeBatch(events: PendingRunEvent[], releasingHolds?: readonly string[]): Promise<StoredRunEvent[]>;
  /** Hands a stored event to this instance's streams (other instances hear of it from the statement that stored it). */
  publish(event: StoredRunEvent): void;
  onError(error: unknown, type: string): void;
  /**
   * Failures worth waiting out (the database is away: lib/server/database-unavailable.ts): the
   * batch is written again, unchanged and in order, with backoff, and what was recorded since waits
   * behind it, so sequence numbers stay gapless. Anything else is a refusal (see `finish`).
   */
  isRetryable?(error: unknown): boolean;
  /** Between attempts of a retried batch: doubling from `initial`, at most `max`. */
  retryDelayMs?: { initial: number; max: number };
  /** How long a batch is retried before the recorder gives up on it and on everything queued behind it. */
  giveUpAfterMs?: number;
  /** Hands an event that could not be stored (yet) to this instance's streams: the run's verdict, so no stream ends in silence. */
  publishUnstored?(event: PendingRunEvent): void;
  /** The recorder gave up on the run's events (they are lost): the run must fail with `EVENTS_LOST_MESSAGE`. */
  onGiveUp?(runId: string): void;
  sleep?: (ms: number) => Promise<void>;
  /** The longest text is held before it is written; a function is asked again at each flush (it may grow with load). */
  flushIntervalMs?: number | (() => number);
  now?: () => number;
}

/**
 * The subscriber that turns a run's events into run events: stored, numbered, published.
 *
 * Text deltas are coalesced: the first delta after a quiet spell is written at once (the first
 * token is not delayed), later ones are buffered and written as one `text_delta` with the
 * concatenated text at most every `flushIntervalMs`, and any other event first flushes the
 * buffer, so order is kept. Writes go through one queue in emit order: an event recorded while
 * nothing is being written is written at once; the events recorded while a write is in flight
 * wait for it and are then written together, still in order. `record` of a
 * delta returns nothing; of any other event, a promise of its write that a caller may await (the
 * conversation agent does not: its runs never wait for the database, and `flush()` before the
 * run's stream ends waits for everything).
 *
 * While the database is away an accepted event is never dropped: its batch is retried in order
 * until stored or `giveUpAfterMs` passed; a verdict in a batch that failed is published from
 * memory at once (`publishUnstored`), and giving up fails the run (`onGiveUp`).
 */
export class RunEventRecorder implements SubscriberAdapter {
  private pendingText = "";
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastFlushAt = Number.NEGATIVE_INFINITY;
  private readonly queued: Queued[] = [];
  /** Runs whose events were given up on: what they record later is not stored either (it would follow a hole). */
  private readonly lostRuns = new Set<string>();
  private retrying = false;
  private draining: Promise<void> | null = null;
  private currentRunId = "";
  private riding: Riding | null = null;
  private highestStoredSeq = 0;
  private readonly interval: () => number;
  private readonly now: () => number;

  constructor(private readonly options: RunEventRecorderOptions) {
    const interval = options.flushIntervalMs ?? TEXT_FLUSH_INTERVAL_MS;
    this.interval = typeof interval === "function" ? interval : () => interval;
    this.now = options.now ?? (() => performance.now());
  }

  /** The highest sequence number this recorder stored (0: none yet); final once `flush` resolved. */
  get lastStoredSeq(): number {
    return this.highestStoredSeq;
  }

  record<T extends AgentEventType>(type: T, data: AgentEventData<T>): Promise<void> | void {
    if (type === "text_delta") {
      this.pendingText += (data as AgentEventData<"text_delta">).text;
      this.scheduleFlush();
      return;
    }
    const runId = this.runIdOf(type, data);
    this.takeText();
    return this.enqueue({ runId, type, data });
  }

  /**
   * An event of the server rather than the runtime (`user_message`, `run_retried`; see
   * docs/streaming.md), in the same order as the runtime's.
   */
  recordServerEvent(type: string, data: Record<string, unknown>): Promise<void> {
    this.takeText();
    return this.enqueue({ runId: this.runIdOf(type, data), type, data });
  }

  /** Writes buffered text now and waits until every queued write is done. */
  async flush(): Promise<void> {
    this.takeText();
    while (this.draining) await this.draining;
  }

  /**
   * `flush`, with the run's usage holds deleted by the statement of the last batch still to be
   * written: the hold goes exactly when the token events it stood for are stored, in their commit
   * instead of one of its own. True when that statement stored them; false when nothing was left
   * to write (the last batch was already in flight) or that batch failed: the caller releases them.
   */
  async flushReleasing(holds: readonly string[]): Promise<boolean> {
    this.takeText();
    const riding = holds.length > 0 && this.queued.length > 0 ? (this.riding = { holds, stored: false }) : null;
    await this.flush();
    return riding?.stored ?? holds.length === 0;
  }

  private runIdOf(type: string, data: unknown): string {
    const payload = data as { run_id?: unknown; slot?: { run_id?: unknown } };
    if (type === "run_started" && typeof payload.run_id === "string") this.currentRunId = payload.run_id;
    if (typeof payload.run_id === "string") return payload.run_id;
    if (typeof payload.slot?.run_id === "string") return payload.slot.run_id;
    return this.currentRunId;
  }

  private scheduleFlush() {
    if (this.timer) return;
    const wait = this.lastFlushAt + this.interval() - this.now();
    if (wait <= 0) this.takeText();
    else this.timer = setTimeout(() => this.takeText(), wait);
  }

  /** Moves buffered text into the write queue as one event. */
  private takeText() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.pendingText) return;
    const text = this.pendingText;
    this.pendingText = "";
    this.lastFlushAt = this.now();
    void this.enqueue({ runId: this.currentRunId, type: "text_delta", data: { text } });
  }

  private enqueue(pending: PendingRunEvent): Promise<void> {
    if (this.lostRuns.has(pending.runId)) return Promise.resolve();
    // Model output and tool results may hold NUL or unpaired surrogates, which Postgres refuses in JSON text.
    const event = { ...pending, key: randomUUID(), data: storableJson(pending.data) };
    // The database is away (a batch is being retried): a verdict queued behind it would reach nobody for as long.
    if (this.retrying && VERDICTS.has(event.type)) this.options.publishUnstored?.(event);
    const written = new Promise<void>((resolve, reject) =>
      this.queued.push({ event, settle: (error) => (error === undefined ? resolve() : reject(error)) }),
    );
    this.draining ??= this.drain();
    return written;
  }

  /** Writes what is queued, oldest first, until nothing is; one drain at a time. */
  private async drain(): Promise<void> {
    while (this.queued.length > 0) {
      const batch = this.queued.splice(0, MAX_BATCH);
      const events = batch.map((item) => item.event);
      const riding = this.queued.length === 0 ? this.takeRiding() : null;
      let stored: StoredRunEvent[] | null = null;
      let failure: unknown;
      try {
        stored = await this.options.writeBatch(events, riding?.holds);
      } catch (error) {
        failure = error;
        if (this.options.isRetryable?.(error)) ({ stored, failure } = await this.retry(events, error, riding));
      }
      if (stored && riding) riding.stored = true;
      if (!stored && failure instanceof GaveUp) {
        this.giveUp(batch, failure.reported);
        continue;
      }
      if (!stored && batch.length > 1) {
        // One refused event must not take its neighbours with it: each is tried again on its own.
        for (const item of batch) item.settle(await this.writeAlone(item.event));
        continue;
      }
      batch.forEach((item, index) => item.settle(this.finish(item.event, stored?.[index], failure)));
    }
    this.draining = null;
  }

  private takeRiding(): Riding | null {
    const riding = this.riding;
    this.riding = null;
    return riding;
  }

  /** Writes the same batch again with backoff while the database is away; GaveUp past the deadline. */
  private async retry(
    events: PendingRunEvent[],
    first: unknown,
    riding: Riding | null,
  ): Promise<{ stored: StoredRunEvent[] | null; failure: unknown }> {
    this.retrying = true;
    try {
      return await this.retryBatch(events, first, riding);
    } finally {
      this.retrying = false;
    }
  }

  private async retryBatch(
    events: PendingRunEvent[],
    first: unknown,
    riding: Riding | null,
  ): Promise<{ stored: StoredRunEvent[] | null; failure: unknown }> {
    for (const event of events) if (VERDICTS.has(event.type)) this.options.publishUnstored?.(event);
    const { initial, max } = this.options.retryDelayMs ?? { initial: 100, max: 2_000 };
    const deadline = this.now() + (this.options.giveUpAfterMs ?? 120_000);
    const sleep = this.options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
    let failure = first;
    for (let delay = initial; this.now() < deadline; delay = Math.min(delay * 2, max)) {
      await sleep(delay);
      try {
        return { stored: await this.options.writeBatch(events, riding?.holds), failure: undefined };
      } catch (error) {
        failure = error;
        if (!this.options.isRetryable?.(error)) return { stored: null, failure };
      }
    }
    try {
      this.options.onError(failure, events[0]?.type ?? "unknown");
      return { stored: null, failure: new GaveUp(undefined) };
    } catch (thrown) {
      return { stored: null, failure: new GaveUp(thrown) };
    }
  }

  /** The batch and everything queued behind it are lost: writing later events would leave a hole no reader sees. */
  private giveUp(batch: Queued[], reported: unknown) {
    const lost = [...batch, ...this.queued.splice(0)];
    const runIds = new Set(lost.map((item) => item.event.runId).filter(Boolean));
    for (const runId of runIds) {
      this.options.publishUnstored?.({ runId, type: "run_failed", data: { run_id: runId, message: EVENTS_LOST_MESSAGE } });
      this.options.onGiveUp?.(runId);
    }
    for (const runId of runIds) this.lostRuns.add(runId);
    // Reported once through onError (by `retryBatch`); what it threw is each event's failure, as for a refused event.
    for (const item of lost) item.settle(reported);
  }

  private async writeAlone(event: PendingRunEvent): Promise<unknown> {
    try {
      const [stored] = await this.options.writeBatch([event]);
      return this.finish(event, stored, undefined);
    } catch (error) {
      return this.finish(event, undefined, error);
    }
  }

  /**
   * Publishes one written event, or reports why it was not written; what `onError` throws is the
   * event's own failure. A refused event is never dropped silently: an `event_not_stored` event
   * that a person sees takes its place in the stream (best effort: it may fail for the same reason).
   */
  private finish(event: PendingRunEvent, stored: StoredRunEvent | undefined, failure: unknown): unknown {
    try {
      if (!stored) {
        if (event.type !== EVENT_NOT_STORED) void this.enqueue(notStored(event)).catch(() => {});
        throw failure ?? new Error("The event was not stored.");
      }
      this.highestStoredSeq = Math.max(this.highestStoredSeq, stored.seq);
      this.options.publish(stored);
    } catch (error) {
      try {
        this.options.onError(error, event.type);
      } catch (thrown) {
        return thrown ?? new Error(`The ${event.type} event failed.`);
      }
    }
    return undefined;
  }
}

const notStored = (event: PendingRunEvent): PendingRunEvent => ({
  runId: event.runId,
  type: EVENT_NOT_STORED,
  data: {
    run_id: event.runId,
    lost_type: event.type,
    message:
      "Part of this answer could not be saved and is missing. Reload the conversation; if something is missing, retry the last message.",
  },
});
