import type { CheckpointCard, FormFailure, FormInstanceStatus } from "./types";
import type { FormView } from "./view";

/** What `start`, `fill`, `revise` and `resolveCheckpoint` answer: everything the model needs to go on in one object. */
export interface FillReport {
  instanceId: string;
  status: FormInstanceStatus;
  /** Field ids whose answer is now live. */
  stored: string[];
  /** Field ids kept but not applying yet (their `when` is closed). */
  held: string[];
  errors: { field: string; message: string; hint: string }[];
  unknown: { field: string; did_you_mean: string[] }[];
  /** Refused because the person gave the current value (send `override` only when they asked for the change). */
  locked: { field: string; message: string }[];
  /** Executor failures recorded by this call. */
  failures: FormFailure[];
  awaiting: { checkpointId: string; key: string; card: CheckpointCard | null } | null;
  complete: boolean;
  view: FormView;
  /** The tier-0 line for this instance. */
  line: string;
}

export type ReportParts = Pick<FillReport, "errors" | "unknown" | "locked"> & { written: string[] };

export function emptyParts(): ReportParts {
  return { errors: [], unknown: [], locked: [], written: [] };
}
