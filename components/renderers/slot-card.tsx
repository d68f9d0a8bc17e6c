"use client";

import { memo } from "react";
import type { SlotRenderContext } from "@/lib/client/use-glove";
import { describeValue } from "./describe-value";
import { FallbackCard } from "./fallback-card";
import { defaultRenderers } from "./registry";
import { SettledLine } from "./settled-line";
import { SlotFrame } from "./slot-frame";
import { useCardAnswer } from "./use-card-answer";

const SETTLED_NOTE: Partial<Record<string, string>> = {
  expired: "Nobody answered in time, so the card expired",
  dismissed: "The run was stopped, so the card was dismissed",
};

/** A decline's own words; the runtime's default ("Declined.") adds nothing to "Declined by …". */
const declineReason = (reason: string | undefined) => (reason && reason.replace(/\.$/, "") !== "Declined" ? reason : undefined);

/**
 * One card, drawn by its renderer: live while it waits, read-only once settled. A renderer that
 * is missing or cannot read the props gives the fallback card. Memoized: `useGlove` keeps one
 * context per slot object, so a card parses its props again only when its slot changed.
 */
export default memo(function SlotCard({
  context,
  conversationId,
  canAdmin,
  teamName,
}: {
  context: SlotRenderContext;
  conversationId: string;
  canAdmin: boolean;
  teamName: string;
}) {
  const { slot } = context;
  const renderer = defaultRenderers[slot.renderer];
  const parsed = renderer?.propsSchema ? renderer.propsSchema.safeParse(slot.props) : { success: true as const, data: slot.props };
  const describe = (value: unknown) =>
    renderer?.describe && parsed.success ? renderer.describe(value, parsed.data) : describeValue(value);
  const answer = useCardAnswer(context, describe);

  if (!renderer || !parsed.success) {
    const problem = !renderer
      ? "This browser has no card for it, so its raw data is shown."
      : "Its data is not what this card expects, so its raw data is shown.";
    return (
      <FallbackCard
        slot={slot}
        props={slot.props}
        answer={answer}
        conversationId={conversationId}
        canAdmin={canAdmin}
        teamName={teamName}
        problem={problem}
      />
    );
  }
  if (slot.status === "pending" || slot.status === "shown") {
    return <>{renderer.render({ slot, props: parsed.data, answer, conversationId, canAdmin, teamName })}</>;
  }
  const note = SETTLED_NOTE[slot.status];
  const verb = typeof renderer.answeredVerb === "function" ? renderer.answeredVerb(slot.value, parsed.data) : renderer.answeredVerb;
  const result =
    slot.status === "resolved" && renderer.renderResult
      ? renderer.renderResult({ slot, props: parsed.data, value: slot.value, canAdmin })
      : null;
  if (renderer.frameless && result) return <>{result}</>;
  // The settled card keeps the question it asked and shows the answer in its context.
  return (
    <SlotFrame slot={slot} title={renderer.title?.(parsed.data) ?? renderer.label} icon={renderer.icon}>
      {slot.status === "resolved" ? (
        <>
          {result ?? <p className="text-sm">{describe(slot.value)}</p>}
          <SettledLine verb={verb ?? "Answered"} answeredBy={slot.answered_by} settledAt={slot.settled_at} />
        </>
      ) : slot.status === "rejected" ? (
        <SettledLine verb="Declined" answeredBy={slot.answered_by} reason={declineReason(slot.reason)} settledAt={slot.settled_at} />
      ) : (
        <p className="text-sm text-muted-foreground" data-settled-note>
          {note}
          {slot.reason ? `: ${slot.reason}` : "."}
        </p>
      )}
    </SlotFrame>
  );
});
