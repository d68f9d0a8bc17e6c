import { randomUUID } from "node:crypto";

const shared = globalThis as typeof globalThis & { handoffInstanceId?: string };

/** This server process, as other instances see it: in run leases and on the bus (to skip its own notifications). */
export function instanceId(): string {
  shared.handoffInstanceId ??= `${process.pid}-${randomUUID().slice(0, 8)}`;
  return shared.handoffInstanceId;
}
