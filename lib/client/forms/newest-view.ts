import type { FormView } from "@/lib/forms/view";

/**
 * The view a live form card draws: the chat's (snapshot `forms`, then `form_updated` events) or the
 * card's props, whichever has the higher instance version. The props were the view when the card
 * was pushed; the chat's is newer unless the snapshot predates the card. On a tie the chat's wins,
 * as `upsertForm` lets an equal version replace.
 */
export function newestView(known: FormView | undefined, fallback: FormView): FormView {
  if (!known || known.instanceId !== fallback.instanceId) return fallback;
  return known.version >= fallback.version ? known : fallback;
}
