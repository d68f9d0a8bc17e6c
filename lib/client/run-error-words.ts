import { MODEL_NOT_SET_UP } from "@/lib/schemas/agent-settings";

/**
 * A failed run's error as a person reads it. The model's errors name what to fix in the agent's
 * settings (a key, a model id, a base URL: lib/models/model-error.ts, the URL guard); a member can
 * fix none of that, so a member reads who can, and an admin reads the same plus the technical
 * sentence behind "Details". Other errors are written for people already and are shown as they are.
 */
export const MODEL_NOT_SET_UP_ADMIN = "The agent's model is not set up correctly. Check Settings → Agent.";

// What the settings sentences of lib/models and the URL guard have in common.
const SETUP_PROBLEM = /agent settings|API key|base URL|does not know the model|ALLOW_PRIVATE_MODEL_URLS|SERVER_KEY_BASE_URLS/i;

export interface RunErrorWords {
  sentence: string;
  /** The technical sentence, for admins only. */
  detail: string | null;
}

export function runErrorWords(error: string | null, canAdmin: boolean): RunErrorWords {
  const fallback = "Something went wrong while the agent worked.";
  if (!error) return { sentence: fallback, detail: null };
  if (!SETUP_PROBLEM.test(error)) return { sentence: error, detail: null };
  return canAdmin ? { sentence: MODEL_NOT_SET_UP_ADMIN, detail: error } : { sentence: MODEL_NOT_SET_UP, detail: null };
}
