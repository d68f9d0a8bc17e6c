import type { RunView } from "@/lib/schemas/conversation";

/**
 * A failed run's banner, from the run as the server sent it to this reader (lib/schemas/run-error.ts:
 * members get the sentence for people and a code; owners and admins the technical sentence too).
 */
export interface RunErrorWords {
  sentence: string;
  /** The technical sentence, behind "Details"; only admins are ever sent one. */
  detail: string | null;
  /** Offer "Open Settings → Agent": the fix is there, and this reader may make it. */
  settingsLink: boolean;
}

export function runErrorWords(run: Pick<RunView, "error" | "code" | "detail">, canAdmin: boolean): RunErrorWords {
  const detail = run.detail ?? null;
  return {
    sentence: run.error ?? "Something went wrong while the agent worked.",
    detail,
    settingsLink: canAdmin && (detail !== null || run.code === "model_not_set_up"),
  };
}
