import type { FiredEdge } from "./edges";
import type { Directives } from "./transition";
import type { CheckpointResolution, ExecutorOutcome, FormActor, FormFailure, FormValues } from "./types";

export interface ExecutorRun {
  instanceId: string;
  formId: string;
  formVersion: number;
  values: FormValues;
  actor: FormActor;
  at: string;
  resolution?: CheckpointResolution;
}

/** What a round of executors asked for: patches in order, then the directives of the second commit. */
export interface ExecutorEffects {
  patches: { key: string; values: Record<string, unknown> }[];
  directives: Directives;
}

/**
 * Runs the fired executors one after another (field → step → checkpoint → form, as fired) after the
 * write that fired them was committed. A throw is recorded as a failure: it never undoes the write.
 */
export async function runExecutors(fired: readonly FiredEdge[], run: ExecutorRun): Promise<ExecutorEffects> {
  const effects: ExecutorEffects = { patches: [], directives: { failures: [] } };
  for (const edge of fired) {
    if (!edge.executor) continue;
    try {
      const result = await edge.executor({
        instanceId: run.instanceId,
        formId: run.formId,
        formVersion: run.formVersion,
        values: { ...run.values },
        key: edge.key,
        actor: run.actor,
        ...(run.resolution ? { resolution: run.resolution } : {}),
      });
      const outcomes: readonly ExecutorOutcome[] = result === undefined ? [] : Array.isArray(result) ? result : [result as ExecutorOutcome];
      for (const outcome of outcomes) collect(effects, edge, outcome, run.at);
    } catch (error) {
      effects.directives.failures.push(
        failure(edge, `${edge.kind} "${edge.id}" failed: ${error instanceof Error ? error.message : String(error)}`, run.at),
      );
    }
  }
  return effects;
}

function collect(effects: ExecutorEffects, edge: FiredEdge, outcome: ExecutorOutcome, at: string): void {
  const { directives } = effects;
  if ("patch" in outcome) effects.patches.push({ key: edge.key, values: outcome.patch });
  else if ("fail" in outcome) {
    const fail = typeof outcome.fail === "string" ? { message: outcome.fail } : outcome.fail;
    directives.failures.push(failure(edge, fail.message, at, fail.field ?? (edge.kind === "field" ? edge.id : undefined)));
  } else if ("jump" in outcome) directives.jump = outcome.jump;
  else if ("complete" in outcome) directives.completeStep = true;
  else if ("terminate" in outcome) directives.terminate = outcome.terminate;
}

export function failure(edge: Pick<FiredEdge, "key">, message: string, at: string, field?: string): FormFailure {
  return { key: edge.key, message, at, ...(field ? { field } : {}) };
}

export function hasEffects(effects: ExecutorEffects): boolean {
  const { directives } = effects;
  return (
    effects.patches.length > 0 ||
    directives.failures.length > 0 ||
    directives.jump !== undefined ||
    directives.completeStep === true ||
    directives.terminate !== undefined
  );
}
