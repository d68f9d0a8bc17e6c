import { z } from "zod";
import { MODEL_NOT_SET_UP } from "./agent-settings";

/**
 * A failed run's error as each reader gets it. The runtime stores one sentence (`Run.error`, the
 * `run_failed` event); the model's sentences name what to fix in the agent's settings (a key, a
 * model id, a base URL: lib/models/model-error.ts, the URL guard), which a member can fix none of.
 * So the server sends members a sentence saying who can, with a stable `code`, and only owners and
 * admins the technical sentence (`detail`); lib/server/runs/run-error-view.ts applies it per reader.
 */
export const RUN_ERROR_CODES = [
  /** The agent's model is not set up: a key, a model id or a base URL to fix in Settings → Agent. */
  "model_not_set_up",
  /** The model's provider is in passing trouble (overloaded, rate limited, slow): try again later. */
  "model_unavailable",
  /** Anything else; the sentence (ours, written for people) says what happened and what to do. */
  "run_failed",
] as const;
export const runErrorCodeSchema = z.enum(RUN_ERROR_CODES);
export type RunErrorCode = z.infer<typeof runErrorCodeSchema>;

export const MODEL_NOT_SET_UP_ADMIN = "The agent's model is not set up correctly. Check Settings → Agent.";
const NO_SENTENCE = "Something went wrong while the agent worked.";

// The model's sentences for a setup problem: a key, a model id, a base URL (lib/models/model-error.ts, registry.ts, the URL guard).
const SETUP_PROBLEM = /API key|does not know the model|base URL|ALLOW_PRIVATE_MODEL_URLS|SERVER_KEY_BASE_URLS|_API_KEY\b/i;
// Advice only an admin can follow ("or add a fallback model in agent settings").
const ADMIN_ADVICE = /agent settings/i;

export interface RunErrorView {
  /** The sentence this reader reads. */
  message: string;
  code: RunErrorCode;
  /** The stored technical sentence: owners and admins only, and only when `message` is not already it. */
  detail?: string;
}

/** The stored error as a reader of this role gets it. */
export function runErrorFor(error: string | null, canAdmin: boolean): RunErrorView {
  if (!error) return { message: NO_SENTENCE, code: "run_failed" };
  if (SETUP_PROBLEM.test(error))
    return canAdmin
      ? { message: MODEL_NOT_SET_UP_ADMIN, code: "model_not_set_up", detail: error }
      : { message: MODEL_NOT_SET_UP, code: "model_not_set_up" };
  if (!ADMIN_ADVICE.test(error)) return { message: error, code: "run_failed" };
  if (canAdmin) return { message: error, code: "model_unavailable" };
  // A passing trouble (overloaded, rate limited, slow): what happened, without the settings advice.
  const kept = error.split(/(?<=\.)\s+/).filter((sentence) => !ADMIN_ADVICE.test(sentence));
  return { message: [...kept, "Try again in a few minutes; if it keeps happening, tell an admin."].join(" "), code: "model_unavailable" };
}
