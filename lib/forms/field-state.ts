import type { FormActor, FormEntry } from "./types";

/**
 * A field's revision log replayed from the append-only entries. `set` and `retract` add revisions;
 * `undo` and `redo` move the cursor between them like an editor's undo stack: a new revision after
 * an undo appends to the log (nothing is lost) and clears what could be redone.
 */
export interface FieldState {
  /** The set / retract entries of this field, in order. */
  revisions: FormEntry[];
  /** Index into `revisions` of the current one; -1 before the first. */
  cursor: number;
  undoStack: number[];
  redoStack: number[];
  /** The current value: undefined when there is none or the current revision is a retract. */
  value: unknown;
  /** Who wrote the current revision (null when there is none). */
  by: FormActor | null;
}

function emptyState(): FieldState {
  return { revisions: [], cursor: -1, undoStack: [], redoStack: [], value: undefined, by: null };
}

/** Every field's state; fields without entries are absent. Entries of ids outside the definition are kept too. */
export function replayFields(entries: readonly FormEntry[]): Map<string, FieldState> {
  const fields = new Map<string, FieldState>();
  for (const entry of entries) {
    const state = fields.get(entry.fieldId) ?? emptyState();
    applyEntry(state, entry);
    fields.set(entry.fieldId, state);
  }
  return fields;
}

function applyEntry(state: FieldState, entry: FormEntry): void {
  if (entry.op === "set" || entry.op === "retract") {
    state.revisions.push(entry);
    state.undoStack.push(state.cursor);
    state.redoStack = [];
    state.cursor = state.revisions.length - 1;
  } else if (entry.op === "undo") {
    // An undo with nothing to undo is never written (the runner refuses it); ignore one defensively.
    if (state.undoStack.length === 0) return;
    state.redoStack.push(state.cursor);
    state.cursor = state.undoStack.pop()!;
  } else {
    if (state.redoStack.length === 0) return;
    state.undoStack.push(state.cursor);
    state.cursor = state.redoStack.pop()!;
  }
  const current = state.cursor >= 0 ? state.revisions[state.cursor] : null;
  state.value = current?.op === "set" ? current.value : undefined;
  state.by = current?.by ?? null;
}

/** Raw current values (live or held: applicability decides) of the fields that have one. */
export function currentValues(fields: Map<string, FieldState>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [id, state] of fields) if (state.value !== undefined) values[id] = state.value;
  return values;
}
