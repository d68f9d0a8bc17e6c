import { MODEL_NOT_SET_UP } from "@/lib/schemas/agent-settings";

/**
 * A failed run's error as a person reads it. The model's errors name what to fix in the agent's
 * settings (a key, a model id, a base URL: lib/models/model-error.ts, the URL guard); a member can
 * fix none of that, so a member reads who can, and an admin reads the same plus the technical
 * sentence behind "Details". A passing trouble reads as it is, without advice only admins can follow.
 */
export const MODEL_NOT_SET_UP_ADMIN = "The agent's model is not set up correctly. Check Settings → Agent.";

// The model's sentences for a setup problem: a key, a model id, a base URL (lib/models/model-error.ts, registry.ts, the URL guard).
const SETUP_PROBLEM = /API key|does not know the model|base URL|ALLOW_PRIVATE_MODEL_URLS|SERVER_KEY_BASE_URLS/i;
// Advice only an admin can follow ("or add a fallback model in agent settings").
const ADMIN_ADVICE = /agent settings/i;

export interface RunErrorWords {
  sentence: string;
  /** The technical sentence, for admins only. */
  detail: string | null;
}

export function runErrorWords(error: string | null, canAdmin: boolean): RunErrorWords {
  if (!error) return { sentence: "Something went wrong while the agent worked.", detail: null };
  if (SETUP_PROBLEM.test(error))
    return canAdmin ? { sentence: MODEL_NOT_SET_UP_ADMIN, detail: error } : { sentence: MODEL_NOT_SET_UP, detail: null };
  if (canAdmin || !ADMIN_ADVICE.test(error)) return { sentence: error, detail: null };
  // A passing trouble (overloaded, rate limited, slow): what happened, without the settings advice.
  const kept = error.split(/(?<=\.)\s+/).filter((sentence) => !ADMIN_ADVICE.test(sentence));
  return { sentence: [...kept, "Try again in a few minutes; if it keeps happening, tell an admin."].join(" "), detail: null };
}
