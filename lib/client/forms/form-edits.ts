import type { FormView } from "@/lib/forms/view";
import type { FormEditReport } from "./form-values-api";

/**
 * The person's edits in a live form card, between typing and the server's answer. Pure, so the
 * reconciling rules are tested without React: an edit shows at once (optimistic), edits made while
 * a save travels go in the next save (one in flight per card, in the order typed), and the answer
 * settles exactly the edits it carried: stored ones give way to the answer's view, refused ones stay
 * in the input with the engine's message beside them until the person edits that field again.
 */
export interface FormDraft {
  value: unknown;
  /** Which edit this is: an answer settles a draft only if no newer edit of the field replaced it. */
  seq: number;
  status: "queued" | "sending" | "refused";
  message?: string;
}

export interface FormEdits {
  drafts: Record<string, FormDraft>;
  seq: number;
  /** Why the last save failed as a whole (409 closed or blocked, offline), in words a person can act on. */
  failure: string | null;
}

/** The edits one save carries: values by field id, and which edit of each field it is. */
export interface FormBatch {
  values: Record<string, unknown>;
  seqs: Record<string, number>;
}

export const noEdits = (): FormEdits => ({ drafts: {}, seq: 0, failure: null });

/** The values route fills; clearing an answer is the agent's `retract`, so the card says so instead of sending nothing. */
export const CLEAR_REFUSED = "An answer cannot be cleared in the card. Ask the agent to clear it.";

export function edit(state: FormEdits, fieldId: string, value: unknown): FormEdits {
  const seq = state.seq + 1;
  const draft: FormDraft =
    value === undefined ? { value, seq, status: "refused", message: CLEAR_REFUSED } : { value, seq, status: "queued" };
  return { drafts: { ...state.drafts, [fieldId]: draft }, seq, failure: null };
}

export const isSending = (state: FormEdits) => Object.values(state.drafts).some((draft) => draft.status === "sending");

/** The queued edits as one save, or null when nothing waits or a save is still travelling. */
export function nextBatch(state: FormEdits): { state: FormEdits; batch: FormBatch } | null {
  if (isSending(state)) return null;
  const queued = Object.entries(state.drafts).filter(([, draft]) => draft.status === "queued");
  if (queued.length === 0) return null;
  const drafts = { ...state.drafts };
  const batch: FormBatch = { values: {}, seqs: {} };
  for (const [fieldId, draft] of queued) {
    drafts[fieldId] = { ...draft, status: "sending" };
    batch.values[fieldId] = draft.value;
    batch.seqs[fieldId] = draft.seq;
  }
  return { state: { ...state, drafts }, batch };
}

/** What the report says about each field it refused, by field id. */
export function refusals(report: Pick<FormEditReport, "errors" | "unknown" | "locked">): Record<string, string> {
  const out: Record<string, string> = {};
  for (const error of report.errors) out[error.field] ??= error.hint ? `${error.message} ${error.hint}` : error.message;
  for (const locked of report.locked) out[locked.field] ??= locked.message;
  for (const unknown of report.unknown) out[unknown.field] ??= "This form has no such field any more. Reload the page.";
  return out;
}

/** Only the drafts this batch carried, and that no newer edit replaced, are settled. */
function settleBatch(state: FormEdits, batch: FormBatch, outcome: (fieldId: string, draft: FormDraft) => FormDraft | null): FormEdits {
  const drafts = { ...state.drafts };
  for (const [fieldId, seq] of Object.entries(batch.seqs)) {
    const draft = drafts[fieldId];
    if (!draft || draft.seq !== seq) continue;
    const settled = outcome(fieldId, draft);
    if (settled) drafts[fieldId] = settled;
    else delete drafts[fieldId];
  }
  return { ...state, drafts };
}

/** The save was answered: stored and held fields give way to the answer's view, refused ones keep their message. */
export function settled(state: FormEdits, batch: FormBatch, report: FormEditReport): FormEdits {
  const refused = refusals(report);
  return settleBatch(state, batch, (fieldId, draft) =>
    fieldId in refused ? { ...draft, status: "refused", message: refused[fieldId] } : null,
  );
}

/** The save failed as a whole: nothing of it was stored, the card shows the stored values again and says why. */
export function failed(state: FormEdits, batch: FormBatch, failure: string): FormEdits {
  return { ...settleBatch(state, batch, () => null), failure };
}

/**
 * The view the card draws: the newest view with the person's unsettled edits over it (as theirs),
 * and each refused edit's message at its field. A draft whose field is not in the view is dropped.
 */
export function withDrafts(view: FormView, drafts: Record<string, FormDraft>): FormView {
  if (Object.keys(drafts).length === 0) return view;
  return {
    ...view,
    steps: view.steps.map((step) => ({
      ...step,
      fields: step.fields.map((field) => {
        const draft = drafts[field.id];
        if (!draft) return field;
        const shown = draft.value === undefined ? field : { ...field, value: draft.value, by: "person" as const, held: false };
        return draft.status === "refused" ? { ...shown, error: draft.message } : { ...shown, error: undefined };
      }),
    })),
  };
}
