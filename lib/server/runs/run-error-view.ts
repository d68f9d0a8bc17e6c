import { isAdmin, type TenantContext } from "@/lib/db/tenant-context";
import type { RunView } from "@/lib/schemas/conversation";
import { runErrorFor } from "@/lib/schemas/run-error";

/**
 * A failed run's error as one reader may see it, for every path that sends it: the SSE streams
 * (`run_failed`) and the snapshots (`run`). The stored sentence names keys, settings and URLs; a
 * member gets the sentence for people and its code, owners and admins the stored sentence as `detail`
 * too (lib/schemas/run-error.ts). A reader without a role of its own (an API key) counts as a member.
 */
export type ErrorReader = Pick<TenantContext, "role">;

/** A stream's event as this reader gets it: `run_failed` reworded, every other event as it is. */
export function eventForReader<E extends { type: string; data: unknown }>(event: E, reader: ErrorReader): E {
  if (event.type !== "run_failed") return event;
  const data = event.data as { run_id: string; message: string };
  return { ...event, data: { ...data, ...runErrorFor(data.message, isAdmin(reader)) } };
}

/** A snapshot's run as this reader gets it: a stored error reworded, with its code (and, for admins, detail). */
export function runViewForReader(
  run: { id: string; status: RunView["status"]; error?: string | null } | null,
  reader: ErrorReader,
): RunView | null {
  if (!run) return null;
  if (!run.error) return { id: run.id, status: run.status, error: null };
  const { message, ...rest } = runErrorFor(run.error, isAdmin(reader));
  return { id: run.id, status: run.status, error: message, ...rest };
}
