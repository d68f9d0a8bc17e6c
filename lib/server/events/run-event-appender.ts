import type { RunEventBatch, StoredRunEvent } from "@/lib/db/run-events";

/** Statements in flight at once: beyond them, batches wait and go out together in the next one. */
export const MAX_IN_FLIGHT = 2;
/** The most conversations and events one grouped statement carries. */
export const MAX_GROUP_BATCHES = 100;
export const MAX_GROUP_EVENTS = 1_000;

export interface RunEventAppenderOptions {
  /** One statement for many conversations; null for a batch it did not write (its row was busy, or it is unknown). */
  writeGroup(batches: RunEventBatch[]): Promise<Array<StoredRunEvent[] | null>>;
  /** One conversation's batch on its own, waiting for its row (NotFoundError for an unknown conversation). */
  writeAlone(batch: RunEventBatch): Promise<StoredRunEvent[]>;
  maxInFlight?: number;
}

interface Part {
  count: number;
  resolve(stored: StoredRunEvent[]): void;
  reject(error: unknown): void;
}

interface Entry {
  batch: RunEventBatch;
  parts: Part[];
}

/**
 * Group commit for run events: the batches of every conversation streaming on this instance go to
 * the database together. A batch is sent at once while fewer than `maxInFlight` statements are
 * out, so a lone conversation's events wait for nothing; under load the batches that arrive while
 * statements are out are written by the next one, as one statement and one commit, however many
 * conversations they come from. Each caller gets exactly its own events back, numbered as if
 * written alone (lib/db/run-events.ts `appendAndAnnounceRunEventGroups`).
 *
 * Two batches of one conversation (two recorders of it on this instance) travel as one, in arrival
 * order. A batch the grouped statement did not write, and every batch of a grouped statement that
 * failed, is written alone: one busy or failing conversation never holds up or fails another, and
 * an error reaches the recorder that owns the batch (which retries or reports it).
 */
export class RunEventAppender {
  private pending = new Map<string, Entry>();
  private inFlight = 0;
  private readonly maxInFlight: number;

  constructor(private readonly options: RunEventAppenderOptions) {
    this.maxInFlight = options.maxInFlight ?? MAX_IN_FLIGHT;
  }

  append(batch: RunEventBatch): Promise<StoredRunEvent[]> {
    if (batch.events.length === 0) return Promise.resolve([]);
    const stored = new Promise<StoredRunEvent[]>((resolve, reject) => {
      const part = { count: batch.events.length, resolve, reject };
      const entry = this.pending.get(batch.conversationId);
      if (entry && entry.batch.organizationId === batch.organizationId) {
        entry.batch = { ...entry.batch, events: [...entry.batch.events, ...batch.events], ...mergedHolds(entry.batch, batch) };
        entry.parts.push(part);
      } else if (entry) {
        // The same id under another organization cannot be written in that group: it goes alone (and is refused there).
        void this.options.writeAlone(batch).then(resolve, reject);
      } else {
        this.pending.set(batch.conversationId, { batch, parts: [part] });
      }
    });
    this.pump();
    return stored;
  }

  private pump() {
    while (this.inFlight < this.maxInFlight && this.pending.size > 0) {
      const group = this.takeGroup();
      this.inFlight++;
      void this.send(group).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  /** The oldest pending entries, up to the group's limits (always at least one). */
  private takeGroup(): Entry[] {
    const group: Entry[] = [];
    let events = 0;
    for (const [conversationId, entry] of this.pending) {
      if (group.length > 0 && (group.length >= MAX_GROUP_BATCHES || events + entry.batch.events.length > MAX_GROUP_EVENTS)) break;
      group.push(entry);
      events += entry.batch.events.length;
      this.pending.delete(conversationId);
    }
    return group;
  }

  private async send(group: Entry[]): Promise<void> {
    if (group.length === 1) return this.sendAlone(group[0]);
    let results: Array<StoredRunEvent[] | null>;
    try {
      results = await this.options.writeGroup(group.map((entry) => entry.batch));
    } catch {
      await Promise.all(group.map((entry) => this.sendAlone(entry)));
      return;
    }
    await Promise.all(
      group.map((entry, index) => {
        const stored = results[index];
        if (stored) return settle(entry, stored);
        return this.sendAlone(entry);
      }),
    );
  }

  private async sendAlone(entry: Entry): Promise<void> {
    try {
      settle(entry, await this.options.writeAlone(entry.batch));
    } catch (error) {
      for (const part of entry.parts) part.reject(error);
    }
  }
}

/** Two batches of one conversation travelling as one release both their holds. */
function mergedHolds(first: RunEventBatch, second: RunEventBatch): Pick<RunEventBatch, "releaseHolds"> {
  const holds = [...(first.releaseHolds ?? []), ...(second.releaseHolds ?? [])];
  return holds.length > 0 ? { releaseHolds: holds } : {};
}

/** Hands each part its own events: they were concatenated in the parts' order, and come back numbered in it. */
function settle(entry: Entry, stored: StoredRunEvent[]) {
  let offset = 0;
  for (const part of entry.parts) {
    part.resolve(stored.slice(offset, offset + part.count));
    offset += part.count;
  }
}
