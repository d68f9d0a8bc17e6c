import { serverEnv, type ServerEnv } from "@/lib/server/env";

/**
 * SSE framing (docs/streaming.md): `id:` the event's sequence number, `event:` its type, one
 * `data:` line of JSON. JSON.stringify escapes every line break, so the payload never splits the frame.
 * An event that could not be stored (`seq` null: a verdict sent from memory) has no `id:`, so a
 * client's Last-Event-ID stays on the last stored event.
 */
export function eventFrame(event: { seq: number | null; type: string; data: unknown }): string {
  const id = event.seq === null ? "" : `id: ${event.seq}\n`;
  return `${id}event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

const framed = new WeakMap<object, string>();

/**
 * `eventFrame`, encoded once per event object: this instance hands every reader of a conversation
 * the same stored event (lib/server/events/local-hub.ts), so a conversation watched by many people
 * costs one JSON encoding per event, not one per reader. A reader-specific copy (a failed run's
 * error in the reader's words) is a new object and is encoded for itself.
 */
export function sharedEventFrame(event: { seq: number | null; type: string; data: unknown }): string {
  let frame = framed.get(event);
  if (frame === undefined) {
    frame = eventFrame(event);
    framed.set(event, frame);
  }
  return frame;
}

/** Sent first: Next sends the response headers with the first bytes, and a client should not wait for an event to know it is connected. */
export const OPEN_FRAME = ": open\n\n";

/** A comment line: ignored by every SSE parser, keeps proxies and load balancers from closing an idle stream. */
export const HEARTBEAT_FRAME = ": heartbeat\n\n";

export const DEFAULT_HEARTBEAT_MS = 15_000;

/** `SSE_HEARTBEAT_MS` (default DEFAULT_HEARTBEAT_MS) lets tests see a heartbeat without waiting 15 s. */
export function heartbeatInterval(env: Pick<ServerEnv, "SSE_HEARTBEAT_MS"> = serverEnv()): number {
  return env.SSE_HEARTBEAT_MS;
}
