import { evaluate } from "./applicability";
import { carryAppliedKeys, decisionKey, hasAppliedKey } from "./applied-keys";
import { buildView } from "./build-view";
import { contextLineOf } from "./context-line";
import { currentStepOf } from "./current-step";
import type { FiredEdge } from "./edges";
import { FormBlockedError, FormConflictError, FormError, FormStaleError } from "./errors";
import { failure, hasEffects, runExecutors, type ExecutorEffects } from "./executors";
import { requireField } from "./field-lookup";
import { emptyParts, type FillReport, type ReportParts } from "./fill-report";
import { effectiveVersion, loadModel, type InstanceModel } from "./instance-model";
import { inspectOf, type InspectQuery, type InspectResult } from "./inspect";
import { lineSummaryOf } from "./line-summary";
import { planFill } from "./plan-fill";
import { planRevise, type Revision } from "./plan-revise";
import type { FormRegistry } from "./registry";
import { statusOf, type FormStatus } from "./status";
import { transition, type Directives } from "./transition";
import type {
  FormActor,
  FormAdapter,
  FormEntry,
  FormInstanceRecord,
  FormInstanceState,
  FormInstanceStatus,
  FormSnapshot,
  NewFormEntry,
} from "./types";
import type { FormView } from "./view";

export interface FormRunnerOptions {
  registry: FormRegistry;
  adapter: FormAdapter;
  now?: () => Date;
  newId?: () => string;
  maxConflictRetries?: number;
}

/** One write's intent, computed again from a fresh snapshot after a conflict. */
interface WritePlan {
  added: NewFormEntry[];
  parts: ReportParts;
  directives?: Directives;
  awaiting?: FormInstanceState["awaiting"];
  status?: FormInstanceStatus;
  submission?: { values: Record<string, unknown>; by: FormActor };
  /** Executors to run after the commit besides the edges it fires (a checkpoint's `run` on its decision). */
  extra?: FiredEdge[];
  resolution?: ExecutorRunResolution;
}
type ExecutorRunResolution = NonNullable<Parameters<typeof runExecutors>[1]["resolution"]>;

export interface HistoryEntry {
  seq: number;
  field: string;
  op: FormEntry["op"];
  value?: unknown;
  by: FormActor;
  at: string;
}

/** Rounds of executor effects after one write: a patch may fire further executors, but never forever. */
const MAX_EXECUTOR_ROUNDS = 5;
const CLOSED = new Set<FormInstanceStatus>(["submitted", "terminated", "abandoned"]);

/**
 * Glove's `FormRunner`: every write loads a snapshot, computes entries and the next state, and
 * commits with compare-and-set (recomputing after a conflict); executors run after the commit and
 * their effects are a second commit.
 */
export class FormRunner {
  private readonly registry: FormRegistry;
  private readonly adapter: FormAdapter;
  private readonly now: () => Date;
  private readonly newId: () => string;
  private readonly maxConflictRetries: number;

  constructor(options: FormRunnerOptions) {
    this.registry = options.registry;
    this.adapter = options.adapter;
    this.now = options.now ?? (() => new Date());
    this.newId = options.newId ?? (() => crypto.randomUUID());
    this.maxConflictRetries = options.maxConflictRetries ?? 3;
  }

  list(): { id: string; version: number; name: string; description: string; fields: number }[] {
    return this.registry.list().map((d) => ({
      id: d.id,
      version: d.version,
      name: d.name,
      description: d.description,
      fields: d.steps.reduce((n, s) => n + s.fields.length, 0),
    }));
  }

  active(): Promise<FormInstanceRecord[]> {
    return this.adapter.listActive();
  }

  /**
   * `key`: an idempotency key (a tool call's id): a start with a key an active instance was started
   * with goes on with that instance instead of creating another.
   */
  async start(formId: string, options: { by: FormActor; values?: Record<string, unknown>; key?: string }): Promise<FillReport> {
    const definition = this.registry.get(formId);
    const startKey = options.key === undefined ? undefined : `start:${options.key}`;
    const started = startKey ? (await this.adapter.listActive()).find((r) => hasAppliedKey(r.state, startKey)) : undefined;
    if (started) return this.fillAfterStart(started.id, options);
    const evaluation = evaluate(definition, {});
    const state: FormInstanceState = {
      currentStepId: null,
      revisiting: [],
      edges: {},
      awaiting: null,
      failures: [],
      terminatedReason: null,
    };
    state.currentStepId = currentStepOf(definition, evaluation, state, null);
    state.line = lineSummaryOf(definition, evaluation, state.currentStepId);
    if (startKey) state.appliedKeys = [startKey];
    const id = this.newId();
    await this.adapter.create({ id, formId: definition.id, formVersion: definition.version, state, at: this.at(), by: options.by });
    return this.fillAfterStart(id, options);
  }

  private fillAfterStart(id: string, options: { by: FormActor; values?: Record<string, unknown>; key?: string }): Promise<FillReport> {
    if (options.values && Object.keys(options.values).length > 0)
      return this.fill(id, options.values, { by: options.by, key: options.key });
    return this.write(id, options.by, () => ({ added: [], parts: emptyParts() }), options.key);
  }

  /** `key`: an idempotency key (a tool call's id); a write whose key was already applied answers the current report and writes nothing. */
  fill(
    instanceId: string,
    values: Record<string, unknown>,
    options: { by: FormActor; override?: boolean; key?: string },
  ): Promise<FillReport> {
    return this.write(
      instanceId,
      options.by,
      (model) => {
        assertWritable(model);
        return planFill(model, values, options.by, options.override === true, this.at());
      },
      options.key,
    );
  }

  revise(instanceId: string, revision: Revision, options: { by: FormActor; override?: boolean; key?: string }): Promise<FillReport> {
    return this.write(
      instanceId,
      options.by,
      (model) => {
        assertWritable(model);
        return planRevise(model, revision, options.by, options.override === true, this.at());
      },
      options.key,
    );
  }

  abandon(instanceId: string, options: { by: FormActor; reason?: string; key?: string }): Promise<FillReport> {
    return this.write(
      instanceId,
      options.by,
      (model) => {
        assertOpen(model);
        const reason = options.reason ?? `Abandoned by ${nameOf(options.by)}`;
        return { added: [], parts: emptyParts(), status: "abandoned", directives: { failures: [], terminate: reason } };
      },
      options.key,
    );
  }

  /** Deciding a key that was already decided the same way is a no-op (the answer route and the re-executed tool both resolve it). */
  resolveCheckpoint(instanceId: string, key: string, decision: { approved: boolean; note?: string; by: FormActor }): Promise<FillReport> {
    return this.write(instanceId, decision.by, this.decisionPlan(key, decision), decisionKey(key, decision.approved));
  }

  private decisionPlan(key: string, decision: { approved: boolean; note?: string; by: FormActor }) {
    return (model: InstanceModel): WritePlan => {
      assertOpen(model);
      const awaiting = model.snapshot.instance.state.awaiting;
      if (!awaiting || awaiting.key !== key)
        throw new FormStaleError(`Checkpoint decision ${key} is not the one this form waits for${awaiting ? ` (${awaiting.key})` : ""}.`, {
          key,
        });
      const checkpoint = model.definition.checkpoints.find((c) => c.id === awaiting.checkpointId);
      const resolution = { approved: decision.approved, note: decision.note, by: decision.by };
      if (checkpoint?.run) {
        return {
          added: [],
          parts: emptyParts(),
          awaiting: null,
          extra: [{ kind: "checkpoint", id: checkpoint.id, key, executor: checkpoint.run, checkpoint }],
          resolution,
        };
      }
      const terminate = decision.approved
        ? undefined
        : `Not approved by ${nameOf(decision.by)}${decision.note ? `: ${decision.note}` : ""}`;
      return { added: [], parts: emptyParts(), awaiting: null, directives: { failures: [], ...(terminate ? { terminate } : {}) } };
    };
  }

  async history(instanceId: string, options: { field?: string } = {}): Promise<HistoryEntry[]> {
    const model = await this.read(instanceId);
    const fieldId = options.field ? requireField(model.definition, options.field).id : null;
    return model.snapshot.entries
      .filter((e) => fieldId === null || e.fieldId === fieldId)
      .map((e) => ({ seq: e.seq, field: e.fieldId, op: e.op, ...(e.value !== undefined ? { value: e.value } : {}), by: e.by, at: e.at }));
  }

  async status(instanceId: string): Promise<FormStatus> {
    return statusOf(await this.read(instanceId));
  }

  async inspect(instanceId: string, query: InspectQuery = {}): Promise<InspectResult> {
    return inspectOf(await this.read(instanceId), query);
  }

  async view(instanceId: string): Promise<FormView> {
    return buildView(await this.read(instanceId));
  }

  /** Tier 0: from the given records alone (no read); without them, the adapter's active instances. */
  async contextLine(records?: readonly FormInstanceRecord[]): Promise<string> {
    return contextLineOf(records ?? (await this.adapter.listActive()));
  }

  /** What the confirmation card shows; `submit` must confirm this exact `version`. */
  async submission(instanceId: string): Promise<{ version: number; values: Record<string, unknown>; view: FormView }> {
    const model = await this.read(instanceId);
    assertComplete(model);
    return { version: model.snapshot.instance.version, values: { ...model.evaluation.live }, view: buildView(model) };
  }

  submit(instanceId: string, options: { version: number; by: FormActor; key?: string }): Promise<FillReport> {
    return this.write(
      instanceId,
      options.by,
      (model) => {
        assertWritable(model);
        if (model.snapshot.instance.version !== options.version)
          throw new FormStaleError(
            `The form changed since it was shown for confirmation (version ${options.version}, now ${model.snapshot.instance.version}); show it again.`,
            {
              expected: options.version,
              actual: model.snapshot.instance.version,
            },
          );
        assertComplete(model);
        return {
          added: [],
          parts: emptyParts(),
          status: "submitted",
          submission: { values: { ...model.evaluation.live }, by: options.by },
        };
      },
      options.key,
    );
  }

  private at(): string {
    return this.now().toISOString();
  }

  private async loadSnapshot(instanceId: string): Promise<FormSnapshot> {
    const snapshot = await this.adapter.load(instanceId);
    if (!snapshot) throw new FormError("unknown_instance", `There is no form instance ${instanceId} here.`, { instanceId });
    return snapshot;
  }

  private async read(instanceId: string): Promise<InstanceModel> {
    return this.modelOf(await this.loadSnapshot(instanceId));
  }

  private modelOf(snapshot: FormSnapshot): InstanceModel {
    return loadModel(snapshot, this.registry.forInstance(snapshot.instance.formId, effectiveVersion(snapshot)), this.at());
  }

  /**
   * Load, plan, transition, compare-and-set commit; again from a fresh read after a conflict.
   * `key` already applied: nothing is planned or written (`applied` is the current model).
   */
  private async commitPlan(
    instanceId: string,
    plan: (model: InstanceModel) => WritePlan,
    key?: string,
  ): Promise<{ applied: InstanceModel } | { intent: WritePlan; next: ReturnType<typeof transition>; snapshot: FormSnapshot }> {
    for (let attempt = 0; ; attempt++) {
      const model = await this.read(instanceId);
      if (key !== undefined && hasAppliedKey(model.snapshot.instance.state, key)) return { applied: model };
      const intent = plan(model);
      const next = transition({
        model,
        added: intent.added,
        touched: intent.parts.written,
        directives: intent.directives,
        awaiting: intent.awaiting,
      });
      try {
        const snapshot = await this.adapter.commit({
          instanceId,
          expectedVersion: model.snapshot.instance.version,
          entries: next.entries,
          status: intent.status ?? next.status,
          state: carryAppliedKeys(model.snapshot.instance.state, next.state, key),
          ...(intent.submission ? { submission: intent.submission } : {}),
          at: this.at(),
        });
        return { intent, next, snapshot };
      } catch (error) {
        if (!(error instanceof FormConflictError) || attempt >= this.maxConflictRetries) throw error;
      }
    }
  }

  private async write(instanceId: string, by: FormActor, plan: (model: InstanceModel) => WritePlan, key?: string): Promise<FillReport> {
    const committed = await this.commitPlan(instanceId, plan, key);
    if ("applied" in committed) return this.report(instanceId, emptyParts(), committed.applied, [], committed.applied);
    const { intent, next } = committed;
    // The adapter answers every commit with the instance as stored: the report reads no more.
    let latest = committed.snapshot;
    const failures = [...(intent.directives?.failures ?? [])];
    let fired = [...(intent.extra ?? []), ...next.fired];
    let values = next.after.evaluation.live;
    let resolution = intent.resolution;
    for (let round = 0; fired.length > 0; round++) {
      const snapshot = next.after.snapshot.instance;
      const effects = await runExecutors(fired, {
        instanceId,
        formId: snapshot.formId,
        formVersion: next.after.definition.version,
        values,
        actor: by,
        at: this.at(),
        resolution,
      });
      resolution = undefined;
      if (round >= MAX_EXECUTOR_ROUNDS)
        effects.directives.failures.push(failure(fired[0], "Executors kept firing each other; stopped.", this.at()));
      if (!hasEffects(effects)) break;
      const applied = await this.commitPlan(instanceId, (model) => effectPlan(model, effects, this.at()));
      if ("applied" in applied) break;
      latest = applied.snapshot;
      failures.push(...applied.intent.directives!.failures);
      fired = round >= MAX_EXECUTOR_ROUNDS ? [] : applied.next.fired;
      values = applied.next.after.evaluation.live;
    }
    return this.report(instanceId, intent.parts, next.after, failures, this.modelOf(latest));
  }

  /** `written`: the model right after this write's own entries (held or live); `model`: the instance as now stored. */
  private report(
    instanceId: string,
    parts: ReportParts,
    written: InstanceModel,
    failures: FillReport["failures"],
    model: InstanceModel,
  ): FillReport {
    const { instance } = model.snapshot;
    const awaiting = instance.state.awaiting;
    const card = awaiting ? (model.definition.checkpoints.find((c) => c.id === awaiting.checkpointId)?.card ?? null) : null;
    return {
      instanceId,
      status: instance.status,
      stored: parts.written.filter((id) => !(id in written.evaluation.held)),
      held: parts.written.filter((id) => id in written.evaluation.held),
      errors: parts.errors,
      unknown: parts.unknown,
      locked: parts.locked,
      failures,
      awaiting: awaiting ? { ...awaiting, card } : null,
      complete: model.complete,
      view: buildView(model),
      line: contextLineOf([instance]),
    };
  }
}

/** The second commit: executor patches (validated like any write, by `executor`) and the directives. */
function effectPlan(model: InstanceModel, effects: ExecutorEffects, at: string): WritePlan {
  const added: NewFormEntry[] = [];
  const directives: Directives = { ...effects.directives, failures: [...effects.directives.failures] };
  for (const patch of effects.patches) {
    const by: FormActor = { kind: "executor", id: patch.key };
    const plan = planFill(model, patch.values, by, true, at);
    added.push(...plan.added);
    for (const e of plan.parts.errors)
      directives.failures.push(failure(patch, `Patch of "${e.field}" was refused: ${e.message}`, at, e.field));
    for (const u of plan.parts.unknown) directives.failures.push(failure(patch, `Patch names no field of this form: "${u.field}".`, at));
  }
  if (directives.jump && !model.definition.steps.some((s) => s.id === directives.jump)) {
    directives.failures.push(failure({ key: effects.patches[0]?.key ?? "jump" }, `Jump to unknown step "${directives.jump}".`, at));
    delete directives.jump;
  }
  return { added, parts: emptyParts(), directives };
}

function assertOpen(model: InstanceModel): void {
  const { status, state } = model.snapshot.instance;
  if (!CLOSED.has(status)) return;
  const why =
    status === "submitted" ? "was already submitted" : `was ${status}${state.terminatedReason ? `: ${state.terminatedReason}` : ""}`;
  throw new FormError("closed", `This form ${why}. Nothing can change any more; start a new one if needed.`, {
    status,
    reason: state.terminatedReason,
  });
}

function assertWritable(model: InstanceModel): void {
  assertOpen(model);
  const { awaiting } = model.snapshot.instance.state;
  if (awaiting) throw new FormBlockedError(awaiting.checkpointId, awaiting.key);
}

function assertComplete(model: InstanceModel): void {
  if (model.complete) return;
  const missing = buildView(model).missing;
  throw new FormError("incomplete", `The form is not complete yet; still missing: ${missing.join(", ")}.`, { missing });
}

function nameOf(actor: FormActor): string {
  return actor.name ?? actor.id ?? actor.kind;
}
