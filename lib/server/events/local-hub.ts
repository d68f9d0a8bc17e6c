import type { StoredRunEvent } from "@/lib/db/run-events";
import type { PendingRunEvent } from "./run-event-recorder";

/**
 * In-process fan-out of a conversation's events to the streams open on this instance. Events of
 * runs executing here arrive with their payload; events written by other instances arrive as a
 * bare sequence number (from the Postgres bus) and readers fetch the rows. `resync` tells every
 * reader to catch up from the database (after the bus reconnected and may have missed something).
 */
export type HubSignal =
  | { kind: "event"; seq: number; event?: StoredRunEvent }
  | { kind: "resync" }
  /** A run's verdict the database could not store (yet): this instance's streams get it from memory, without a number. */
  | { kind: "unstored"; event: PendingRunEvent };
type Listener = (signal: HubSignal) => void;

export class LocalHub {
  private readonly listeners = new Map<string, Set<Listener>>();

  subscribe(conversationId: string, listener: Listener): () => void {
    let set = this.listeners.get(conversationId);
    if (!set) this.listeners.set(conversationId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(conversationId) === set) this.listeners.delete(conversationId);
    };
  }

  publish(conversationId: string, seq: number, event?: StoredRunEvent) {
    for (const listener of this.listeners.get(conversationId) ?? []) listener({ kind: "event", seq, event });
  }

  publishUnstored(conversationId: string, event: PendingRunEvent) {
    for (const listener of this.listeners.get(conversationId) ?? []) listener({ kind: "unstored", event });
  }

  resyncAll() {
    for (const set of this.listeners.values()) for (const listener of set) listener({ kind: "resync" });
  }
}

const shared = globalThis as typeof globalThis & { handoffLocalHub?: LocalHub };

/** One hub per process (kept across Next's dev reloads). */
export function localHub(): LocalHub {
  shared.handoffLocalHub ??= new LocalHub();
  return shared.handoffLocalHub;
}
