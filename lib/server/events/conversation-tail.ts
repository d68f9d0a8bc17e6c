import type { HubSignal, LocalHub } from "./local-hub";
import type { StoredRunEvent } from "@/lib/db/run-events";
import type { PendingRunEvent } from "./run-event-recorder";

export const REPLAY_PAGE_SIZE = 500;

export interface TailOptions {
  conversationId: string;
  /** Deliver events with a sequence number above this one. */
  after: number;
  hub: LocalHub;
  /** Stored events after `after`, oldest first, at most `limit`. */
  readAfter(after: number, limit: number): Promise<StoredRunEvent[]>;
  deliver(event: StoredRunEvent): void;
  /** A verdict sent from memory because it could not be stored (no sequence number; the stored one may follow later). */
  deliverUnstored?(event: PendingRunEvent): void;
  onError(error: unknown): void;
  /** Read failures worth waiting out (the database is away): the read is tried again with backoff instead of ending the tail. */
  isRetryable?(error: unknown): boolean;
  retryDelayMs?: { initial: number; max: number };
}

/**
 * Follows one conversation's events: replay from the database, then live, with no gap and no
 * duplicate. It subscribes before it replays and delivers strictly in sequence order:
 * - a live event that is exactly the next one is delivered as it is;
 * - anything else (a bare number from another instance, a jump, a resync) triggers a read of
 *   the stored events after the last one delivered.
 * This relies on sequence numbers becoming visible in order (lib/db/run-events.ts numbers an
 * event under the conversation's row lock, in the same transaction that stores it).
 */
export class ConversationTail {
  private lastSeq: number;
  private work: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | null = null;
  private stopped = false;

  constructor(private readonly options: TailOptions) {
    this.lastSeq = options.after;
  }

  /**
   * Subscribes, then replays what is stored; resolves when the replay was delivered. `replay: false`
   * when `after` is the conversation's last event as read moments ago (a message's turn start): there
   * is nothing to replay, and should something have been stored since, the first live event after it
   * is not the next one and reads it, as does `catchUp`.
   */
  start({ replay = true }: { replay?: boolean } = {}): Promise<void> {
    this.unsubscribe = this.options.hub.subscribe(this.options.conversationId, (signal) => {
      // A verdict from memory is not in the sequence, and must not wait behind a read that waits for the database.
      if (signal.kind === "unstored") {
        if (!this.stopped) this.options.deliverUnstored?.(signal.event);
      } else void this.schedule(() => this.handle(signal));
    });
    return replay ? this.catchUp() : Promise.resolve();
  }

  /**
   * Delivers everything stored so far (call when a run ended, before closing the stream).
   * `storedThrough`: the last event the caller's own writer stored. Delivery is strictly in order,
   * so once it reached that event everything up to it was delivered, and the read is skipped; what
   * another instance stores later is as much after the run's end as what it commits after the read.
   */
  catchUp(storedThrough?: () => number): Promise<void> {
    return this.schedule(() => (storedThrough && this.lastSeq >= storedThrough() ? undefined : this.readStored()));
  }

  stop() {
    this.stopped = true;
    this.unsubscribe?.();
  }

  private schedule(step: () => Promise<void> | void): Promise<void> {
    this.work = this.work.then(async () => {
      if (this.stopped) return;
      try {
        await step();
      } catch (error) {
        this.options.onError(error);
      }
    });
    return this.work;
  }

  private async handle(signal: HubSignal) {
    if (signal.kind === "event") {
      if (signal.seq <= this.lastSeq) return;
      if (signal.event && signal.seq === this.lastSeq + 1) return this.deliver(signal.event);
    }
    await this.readStored();
  }

  private async readStored() {
    for (;;) {
      const page = await this.readPage();
      for (const event of page) if (event.seq > this.lastSeq) this.deliver(event);
      if (page.length < REPLAY_PAGE_SIZE || this.stopped) return;
    }
  }

  /** One page after the last delivered event; while the database is away, tried again until it answers or the tail stops. */
  private async readPage(): Promise<StoredRunEvent[]> {
    const { initial, max } = this.options.retryDelayMs ?? { initial: 100, max: 2_000 };
    for (let delay = initial; ; delay = Math.min(delay * 2, max)) {
      try {
        return await this.options.readAfter(this.lastSeq, REPLAY_PAGE_SIZE);
      } catch (error) {
        if (this.stopped || !this.options.isRetryable?.(error)) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (this.stopped) return [];
    }
  }

  private deliver(event: StoredRunEvent) {
    if (this.stopped) return;
    this.lastSeq = event.seq;
    this.options.deliver(event);
  }
}
