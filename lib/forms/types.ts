import type { z } from "zod";

/**
 * The forms engine's contract: Glove's forms model with its names. Definitions are plain data with
 * zod schemas and functions (`defineForm` builds them; the stored-JSON compiler produces the same
 * objects), an instance is an append-only entry log plus the runner's state, and a `FormAdapter`
 * keeps both. Nothing here knows Postgres, HTTP or React.
 */

/** Live values by field id (held values never appear here). */
export type FormValues = Readonly<Record<string, unknown>>;

/** A `when` condition: evaluated on the live values of the fields before it (in form order). */
export type Condition = (values: FormValues) => boolean;

/** Who wrote an entry or made a decision. `executor`: a definition's own code (a `{patch}`). */
export interface FormActor {
  kind: "agent" | "person" | "api" | "executor";
  id?: string;
  name?: string;
}

/** What an executor may return (or a list of them, applied in order). */
export type ExecutorOutcome =
  | { patch: Record<string, unknown> }
  | { fail: string | { field?: string; message: string } }
  | { jump: string }
  | { complete: true }
  | { terminate: string };
export type ExecutorResult = ExecutorOutcome | readonly ExecutorOutcome[] | void;

export interface ExecutorContext {
  instanceId: string;
  formId: string;
  formVersion: number;
  /** Live values after the write that fired the executor. */
  values: FormValues;
  /** `<instance>:<kind>:<id>:<n>`, n counting the crossings: pass it to side effects to de-duplicate. */
  key: string;
  actor: FormActor;
  /** For a blocking checkpoint's `run`: how the person decided. */
  resolution?: CheckpointResolution;
}
export type Executor = (context: ExecutorContext) => ExecutorResult | Promise<ExecutorResult>;

/** How a field is drawn in the card; derived from the zod schema unless a definition names it. */
export type FieldInput =
  | { type: "text" | "textarea" | "email" | "tel" | "url" | "date" | "boolean" }
  | { type: "number" | "integer"; min?: number; max?: number }
  | { type: "money"; currency: string }
  | { type: "select" | "multiselect"; options: string[] };

export interface FieldOptions {
  schema: z.ZodType;
  label: string;
  hint?: string;
  when?: Condition;
  onFill?: Executor;
  input?: FieldInput;
}

export interface StepOptions {
  title: string;
  /** A confirmation step: it shows every answer before it and has no fields of its own. */
  preview?: boolean;
  when?: Condition;
  onComplete?: Executor;
}

/** What a blocking checkpoint asks of a person; the runtime draws it as a card. */
export interface CheckpointCard {
  kind: "approval";
  title: string;
  body?: string;
  /** Who may decide (a manager's approval: admins and owners). */
  approverRole: "member" | "admin";
}

export interface CheckpointOptions {
  when: Condition;
  /** Leaves the instance `awaiting` (writes refused) until `resolveCheckpoint`. */
  blocking?: boolean;
  run?: Executor;
  card?: CheckpointCard;
}

export interface CheckpointResolution {
  approved: boolean;
  note?: string;
  by: FormActor;
}

export interface FieldDefinition extends Omit<FieldOptions, "input"> {
  id: string;
  stepId: string;
  /** True exactly when the schema accepts `undefined`. */
  optional: boolean;
  /** What the agent reads: "email address", "one of: car | rail | air", "integer >= 1". */
  typeText: string;
  input: FieldInput;
}

export interface StepDefinition extends StepOptions {
  id: string;
  fields: FieldDefinition[];
}

export interface CheckpointDefinition extends CheckpointOptions {
  id: string;
}

/** Carries an instance's values from an older version to this one (definition drift). */
export interface FormMigration {
  from: number;
  migrate(values: Record<string, unknown>): Record<string, unknown>;
}

export interface FormDefinition {
  id: string;
  version: number;
  name: string;
  description: string;
  /** How the agent should conduct the form ("ask one thing at a time"). */
  conduct?: string;
  steps: StepDefinition[];
  checkpoints: CheckpointDefinition[];
  onComplete?: Executor;
  migrations: FormMigration[];
}

export type FormInstanceStatus = "open" | "awaiting" | "completed" | "submitted" | "terminated" | "abandoned";

/** An executor that threw or returned `{fail}`: recorded, reported, never undoing the write. */
export interface FormFailure {
  key: string;
  field?: string;
  message: string;
  at: string;
}

/** The runner's state besides the entries; stored as JSON by the adapter, opaque to it. */
export interface FormInstanceState {
  currentStepId: string | null;
  /** Finished steps a `{jump}` went back to. */
  revisiting: string[];
  /** Per executor kind and id (`checkpoint:over-limit`, `step:travel`, `form:form`): whether its condition held at the last commit, and how often it rose. */
  edges: Record<string, { active: boolean; crossings: number }>;
  awaiting: { checkpointId: string; key: string } | null;
  failures: FormFailure[];
  terminatedReason: string | null;
  /** The tier-0 context line's parts, computed at each commit so the line needs no read. Absent in states written before it existed. */
  line?: FormLineSummary;
  /**
   * Idempotency keys of the writes already applied, newest last, at most `APPLIED_KEYS_KEPT`: a tool
   * call runs again from the start after a card, and its write must not happen twice. A checkpoint
   * decision is kept as `checkpoint:<key>:approved|rejected`.
   */
  appliedKeys?: string[];
}

/** Labels capped for the tier-0 line: `more` counts the ones left out. */
export interface FormLineSummary {
  step: { index: number; count: number; title: string } | null;
  pending: { labels: string[]; more: number };
  later: { labels: string[]; more: number };
}

export interface FormInstanceRecord {
  id: string;
  formId: string;
  formVersion: number;
  status: FormInstanceStatus;
  /** Compare-and-set counter, bumped by every commit. */
  version: number;
  state: FormInstanceState;
  createdAt: string;
  updatedAt: string;
}

export type FormEntryOp = "set" | "retract" | "undo" | "redo";

export interface FormEntry {
  /** Per instance, from 1, in commit order. */
  seq: number;
  fieldId: string;
  op: FormEntryOp;
  value?: unknown;
  by: FormActor;
  at: string;
}
export type NewFormEntry = Omit<FormEntry, "seq">;

export interface FormSnapshot {
  instance: FormInstanceRecord;
  entries: FormEntry[];
}

/** What a confirmed submission stores: exactly what the confirmation card showed. */
export interface FormSubmissionDraft {
  values: Record<string, unknown>;
  by: FormActor;
}

/** One all-or-nothing write: entries appended, status and state replaced, version bumped. */
export interface FormCommit {
  instanceId: string;
  /** The version the runner read; another commit since then is a `FormConflictError`. */
  expectedVersion: number;
  entries: NewFormEntry[];
  status: FormInstanceStatus;
  state: FormInstanceState;
  /** Written in the same transaction (with its `form.completed` event, on Postgres). */
  submission?: FormSubmissionDraft;
  at: string;
}

export interface NewFormInstance {
  id: string;
  formId: string;
  formVersion: number;
  state: FormInstanceState;
  at: string;
  by: FormActor;
}

/**
 * Where instances live, scoped by whoever builds it (on the server: tenant + conversation).
 * Append-only entries, compare-and-set on `version`, all-or-nothing commits, snapshot reads.
 */
export interface FormAdapter {
  create(instance: NewFormInstance): Promise<FormSnapshot>;
  /** The instance and all its entries, read together; null when it is not in this scope. */
  load(instanceId: string): Promise<FormSnapshot | null>;
  /** Instances in this scope that are open, awaiting or completed (not yet submitted), oldest first. */
  listActive(): Promise<FormInstanceRecord[]>;
  /** Throws `FormConflictError` when the stored version is not `expectedVersion`. */
  commit(commit: FormCommit): Promise<FormSnapshot>;
}
