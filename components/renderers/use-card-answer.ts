"use client";

import { useCallback, useState } from "react";
import { toast } from "@/components/ui/toast";
import type { SlotRecord } from "@/lib/agent/store-adapter";
import { ApiError } from "@/lib/client/api";
import { slotFromConflict } from "@/lib/client/chat-api";
import { planLimitOf, upgradeLabel } from "@/lib/client/plan-limit";
import type { SlotRenderContext } from "@/lib/client/use-glove";
import { describeValue } from "./describe-value";
import type { CardAnswer } from "./types";

/**
 * Answers a card with feedback: `pending` while the answer travels, a toast that says what to do
 * when it fails. A 409 means someone else answered first: say what they answered. A 402 (the plan's
 * limit) keeps the card pending, and an owner's toast links to the upgrade.
 */
export function useCardAnswer(context: SlotRenderContext, describe: (value: unknown) => string = describeValue): CardAnswer {
  const [pending, setPending] = useState(false);
  const run = useCallback(
    async (send: () => Promise<void>) => {
      setPending(true);
      try {
        await send();
        return true;
      } catch (error) {
        const limit = planLimitOf(error);
        const upgrade = limit?.details.upgrade_path;
        toast.error(answerFailure(error, describe), {
          id: `slot-${context.slot.id}`,
          ...(limit && upgrade && { action: { label: upgradeLabel(limit.details), onClick: () => window.location.assign(upgrade) } }),
          ...(limit && { duration: 15_000 }),
        });
        return false;
      } finally {
        setPending(false);
      }
    },
    [context.slot.id, describe],
  );
  return {
    pending,
    resolve: (value) => run(() => context.resolve(value)),
    reject: (reason) => run(() => context.reject(reason)),
  };
}

export function answerFailure(error: unknown, describe: (value: unknown) => string): string {
  if (!(error instanceof ApiError)) return "Your answer was not sent. Try again.";
  if (error.status === 409) {
    const theirs: SlotRecord | null = slotFromConflict(error.details);
    if (theirs?.status === "resolved") return `Someone else answered this card first: ${describe(theirs.value)}.`;
    if (theirs) return `This card was already settled (${theirs.status}${theirs.reason ? `: ${theirs.reason}` : ""}).`;
    return "Someone else answered this card first. Their answer is shown in the card.";
  }
  if (error.status === 422) return `${error.message} Change your answer and send it again.`;
  if (error.status === 404) return "This card no longer exists. Reload the page to see the conversation as it is now.";
  if (error.status === 0) return error.message;
  return `${error.message}`;
}
