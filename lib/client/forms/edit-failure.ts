import { ApiError } from "@/lib/client/api";

/**
 * Why a person's edit in the form card was not saved, and what to do: the values route's 409s
 * (`blocked` while an approval is awaited, `closed` once the form is submitted or ended) say the
 * form's state, the rest say how to try again.
 */
export function editFailure(error: unknown): string {
  if (!(error instanceof ApiError)) return "Your change was not saved. Try again.";
  if (error.status === 409 && error.code === "blocked")
    return "Not saved: the form is waiting for an approval. Change it once the approval is decided.";
  if (error.status === 409 && error.code === "closed")
    return "Not saved: this form is closed (submitted or ended). Ask the agent to start a new one to change answers.";
  if (error.status === 409) return `Not saved: ${error.message} Reload the page to see the form as it is now.`;
  if (error.status === 404) return "Not saved: this form no longer exists here. Reload the page.";
  if (error.status === 413) return "Not saved: the answer is too long. Shorten it and try again.";
  if (error.status === 0) return `Not saved. ${error.message}`;
  return `Not saved: ${error.message}`;
}
