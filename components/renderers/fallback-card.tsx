"use client";

import { JsonField } from "./json-field";
import { useId, useState } from "react";
import { PuzzleIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { SettledLine } from "./settled-line";
import { CardActions, SlotFrame } from "./slot-frame";
import type { LiveCardProps } from "./types";
import { JsonBlock } from "./value-view";

/**
 * A card this browser has no renderer for (or whose props it cannot read). Never nothing: a card
 * nobody sees leaves the agent waiting forever. Admins can answer it with raw JSON.
 */
export function FallbackCard({ slot, answer, canAdmin, problem }: LiveCardProps<unknown> & { problem: string }) {
  const id = useId();
  const [json, setJson] = useState("{}");
  const [error, setError] = useState<string>();
  const waiting = slot.status === "pending";

  function resolve() {
    try {
      void answer.resolve(JSON.parse(json));
    } catch {
      setError("This is not valid JSON. Fix it and try again.");
    }
  }

  return (
    <SlotFrame slot={slot} title={`Card "${slot.renderer}" from ${slot.tool_name}`} icon={<PuzzleIcon />} pending={answer.pending}>
      <p className="text-sm text-muted-foreground">{problem}</p>
      <JsonBlock value={slot.props} label="The card's data" />
      {waiting && canAdmin ? (
        <div className="grid gap-2">
          <JsonField id={`${id}-answer`} label="Answer (JSON)" rows={3} value={json} error={error} setValue={setJson} setError={setError} />
          <CardActions>
            <Button onClick={resolve} disabled={answer.pending}>
              Resolve
            </Button>
            <Button
              variant="outline"
              onClick={() => answer.reject("Declined by an admin: this browser could not show the card.")}
              disabled={answer.pending}
            >
              Reject
            </Button>
          </CardActions>
        </div>
      ) : waiting ? (
        <p className="text-sm">Ask an admin of your organization to answer it, or press Stop below the conversation to end the run.</p>
      ) : slot.status === "resolved" ? (
        <>
          <JsonBlock value={slot.value} label="The answer" />
          <SettledLine verb="Answered" answeredBy={slot.answered_by} settledAt={slot.settled_at} />
        </>
      ) : slot.status === "rejected" ? (
        <SettledLine verb="Declined" answeredBy={slot.answered_by} reason={slot.reason} settledAt={slot.settled_at} />
      ) : slot.status !== "shown" ? (
        <p className="text-sm text-muted-foreground">{`${slot.status.charAt(0).toUpperCase()}${slot.status.slice(1)}${slot.reason ? `: ${slot.reason}` : "."}`}</p>
      ) : null}
    </SlotFrame>
  );
}
