import { FormConflictError } from "./errors";
import type { FormCommit, FormSnapshot } from "./types";

/**
 * Applies one commit to a snapshot: the compare-and-set check, seq numbers for the new entries, the
 * version bump, status and state replaced. Pure, so every adapter computes the same result.
 */
export function applyEntryCommit(snapshot: FormSnapshot, commit: FormCommit): FormSnapshot {
  const { instance } = snapshot;
  if (commit.instanceId !== instance.id || commit.expectedVersion !== instance.version) {
    throw new FormConflictError(commit.instanceId, commit.expectedVersion, commit.instanceId === instance.id ? instance.version : null);
  }
  const lastSeq = snapshot.entries.at(-1)?.seq ?? 0;
  return {
    instance: { ...instance, status: commit.status, state: commit.state, version: instance.version + 1, updatedAt: commit.at },
    entries: [...snapshot.entries, ...commit.entries.map((entry, i) => ({ ...entry, seq: lastSeq + i + 1 }))],
  };
}
