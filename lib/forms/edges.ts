import { stepComplete, type Evaluation, allFields } from "./applicability";
import { sameValue } from "./same-value";
import type { CheckpointDefinition, Executor, FormDefinition, FormInstanceState, FormValues } from "./types";

export type EdgeKind = "field" | "step" | "checkpoint" | "form";

/** An executor whose condition rose in a commit, with its idempotency key `<instance>:<kind>:<id>:<n>`. */
export interface FiredEdge {
  kind: EdgeKind;
  id: string;
  key: string;
  executor?: Executor;
  checkpoint?: CheckpointDefinition;
}

interface EdgeInput {
  definition: FormDefinition;
  instanceId: string;
  edges: FormInstanceState["edges"];
  before: Evaluation;
  after: Evaluation;
  complete: boolean;
  /** A blocking checkpoint already waits: another one does not rise yet, the form cannot complete. */
  awaiting: boolean;
}

/**
 * Which executors fire, in the order field → step → checkpoint → form. Steps, checkpoints and the
 * form fire on the rising edge of their condition (the same value again fires nothing; false then
 * true again is crossing n+1). A field's `onFill` fires whenever its live value changes to a value.
 */
export function computeEdges(input: EdgeInput): { edges: FormInstanceState["edges"]; fired: FiredEdge[]; blocking: FiredEdge | null } {
  const edges = { ...input.edges };
  const fired: FiredEdge[] = [];
  const rise = (kind: EdgeKind, id: string, condition: boolean, extra: Omit<FiredEdge, "kind" | "id" | "key">): FiredEdge | null => {
    const name = `${kind}:${id}`;
    const previous = edges[name] ?? { active: false, crossings: 0 };
    if (!condition) {
      if (previous.active) edges[name] = { ...previous, active: false };
      return null;
    }
    if (previous.active) return null;
    const crossings = previous.crossings + 1;
    edges[name] = { active: true, crossings };
    return { kind, id, key: `${input.instanceId}:${kind}:${id}:${crossings}`, ...extra };
  };

  for (const field of allFields(input.definition)) {
    if (!field.onFill) continue;
    const now = input.after.live[field.id];
    if (now === undefined || sameValue(now, input.before.live[field.id])) continue;
    const name = `field:${field.id}`;
    const crossings = (edges[name]?.crossings ?? 0) + 1;
    edges[name] = { active: true, crossings };
    fired.push({ kind: "field", id: field.id, key: `${input.instanceId}:field:${field.id}:${crossings}`, executor: field.onFill });
  }
  for (const step of input.definition.steps) {
    const edge = rise("step", step.id, !step.preview && stepComplete(step, input.after), { executor: step.onComplete });
    if (edge?.executor) fired.push(edge);
  }
  let blocking: FiredEdge | null = null;
  for (const checkpoint of input.definition.checkpoints) {
    const holds = safe(checkpoint.when, input.after.live);
    // While one blocking checkpoint waits, another stays down so it rises after the decision.
    if (checkpoint.blocking && (input.awaiting || blocking) && !(edges[`checkpoint:${checkpoint.id}`]?.active ?? false)) continue;
    const edge = rise("checkpoint", checkpoint.id, holds, { executor: checkpoint.run, checkpoint });
    if (!edge) continue;
    if (checkpoint.blocking) blocking = edge;
    else if (edge.executor) fired.push(edge);
  }
  const formEdge = rise("form", "form", input.complete && !input.awaiting && !blocking, { executor: input.definition.onComplete });
  if (formEdge?.executor) fired.push(formEdge);
  return { edges, fired, blocking };
}

function safe(when: (values: FormValues) => boolean, live: FormValues): boolean {
  try {
    return when({ ...live }) === true;
  } catch {
    return false;
  }
}
