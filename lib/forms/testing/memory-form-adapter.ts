import { applyEntryCommit } from "../apply-entry-commit";
import { FormConflictError, FormError } from "../errors";
import { assertFormJson } from "../json-value";
import type { FormAdapter, FormCommit, FormInstanceRecord, FormSnapshot, FormSubmissionDraft, NewFormInstance } from "../types";

export interface StoredSubmission extends FormSubmissionDraft {
  instanceId: string;
  formId: string;
  formVersion: number;
  at: string;
}

const ACTIVE = new Set(["open", "awaiting", "completed"]);

/**
 * The in-memory `FormAdapter` for tests. Stores and returns deep copies (a caller mutating what it
 * got changes nothing stored), and a commit either applies whole or not at all.
 */
export class MemoryFormAdapter implements FormAdapter {
  private readonly snapshots = new Map<string, FormSnapshot>();
  private readonly stored: StoredSubmission[] = [];

  async create(instance: NewFormInstance): Promise<FormSnapshot> {
    if (this.snapshots.has(instance.id)) throw new FormError("duplicate_instance", `Form instance ${instance.id} already exists.`);
    const snapshot: FormSnapshot = {
      instance: {
        id: instance.id,
        formId: instance.formId,
        formVersion: instance.formVersion,
        status: "open",
        version: 1,
        state: instance.state,
        createdAt: instance.at,
        updatedAt: instance.at,
      },
      entries: [],
    };
    this.snapshots.set(instance.id, structuredClone(snapshot));
    return structuredClone(snapshot);
  }

  async load(instanceId: string): Promise<FormSnapshot | null> {
    const snapshot = this.snapshots.get(instanceId);
    return snapshot ? structuredClone(snapshot) : null;
  }

  async listActive(): Promise<FormInstanceRecord[]> {
    return [...this.snapshots.values()]
      .map((snapshot) => snapshot.instance)
      .filter((instance) => ACTIVE.has(instance.status))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      .map((instance) => structuredClone(instance));
  }

  async commit(commit: FormCommit): Promise<FormSnapshot> {
    const current = this.snapshots.get(commit.instanceId);
    if (!current) throw new FormConflictError(commit.instanceId, commit.expectedVersion, null);
    // An absent value (retract, undo, redo) is no value; inside a value, undefined is not JSON.
    for (const entry of commit.entries) if (entry.value !== undefined) assertFormJson(entry.value, `The value of ${entry.fieldId}`);
    if (commit.submission) assertFormJson(commit.submission.values, "The submission");
    // Computed on a copy and swapped in only once everything succeeded: all or nothing.
    const next = applyEntryCommit(current, structuredClone(commit));
    const submission = commit.submission
      ? {
          ...structuredClone(commit.submission),
          instanceId: commit.instanceId,
          formId: next.instance.formId,
          formVersion: next.instance.formVersion,
          at: commit.at,
        }
      : null;
    this.snapshots.set(commit.instanceId, next);
    if (submission) this.stored.push(submission);
    return structuredClone(next);
  }

  submissions(): StoredSubmission[] {
    return structuredClone(this.stored);
  }
}
