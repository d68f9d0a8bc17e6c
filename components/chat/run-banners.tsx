"use client";

import { useState } from "react";
import Link from "next/link";
import { CircleAlertIcon, CloudOffIcon, InfoIcon, ListEndIcon, Loader2Icon, PlayIcon, RotateCcwIcon, SquareIcon } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import type { QueuedMessage } from "@/lib/agent/store-adapter";
import { errorMessage, type ApiError } from "@/lib/client/api";
import { runErrorWords } from "@/lib/client/run-error-words";
import type { RunView } from "@/lib/schemas/conversation";

/**
 * A failed run says what happened and offers the one click that usually fixes it. A model that is
 * not set up reads as such (the server words it per reader): admins get the technical sentence behind Details.
 */
export function FailedRunBanner({
  run,
  onRetry,
  canAdmin,
  orgSlug,
}: {
  run: RunView;
  onRetry: () => Promise<void>;
  canAdmin: boolean;
  orgSlug: string;
}) {
  const words = runErrorWords(run, canAdmin);
  const [retrying, setRetrying] = useState(false);
  async function retry() {
    setRetrying(true);
    try {
      await onRetry();
    } catch (error) {
      toast.error(errorMessage(error, "The retry did not start. Try again in a moment."));
    } finally {
      setRetrying(false);
    }
  }
  return (
    <Alert variant="destructive">
      <CircleAlertIcon aria-hidden />
      <AlertTitle>The agent stopped with an error</AlertTitle>
      <AlertDescription className="grid gap-2">
        <p>{words.sentence}</p>
        {words.detail ? (
          <details className="text-xs" data-run-error-detail>
            <summary className="cursor-pointer">Details</summary>
            <p className="mt-1">{words.detail}</p>
          </details>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={retry} disabled={retrying}>
            <RotateCcwIcon aria-hidden /> {retrying ? "Retrying…" : "Retry"}
          </Button>
          {words.settingsLink ? (
            <Button asChild size="sm" variant="outline">
              <Link href={`/${orgSlug}/settings/agent`}>Open Settings → Agent</Link>
            </Button>
          ) : null}
        </div>
      </AlertDescription>
    </Alert>
  );
}

/**
 * The live updates stopped for an answer reconnecting cannot fix: signed out (401), or the
 * conversation is no longer there for this person (403, 404, 410). Says so and offers the next step.
 */
export function StreamStoppedBanner({ error, callbackUrl }: { error: ApiError | null; callbackUrl: string }) {
  const signedOut = error?.status === 401;
  return (
    <Alert variant="destructive" data-stream-stopped={error?.status ?? true}>
      <CloudOffIcon aria-hidden />
      <AlertTitle>Live updates stopped</AlertTitle>
      <AlertDescription className="grid gap-2">
        <p>
          {signedOut
            ? "Your session has ended, so this page no longer shows what the agent does. Sign in again to continue."
            : `${error?.message ? `${error.message} ` : ""}This page no longer shows what the agent does. Reload it to see where things stand.`}
        </p>
        <div>
          {signedOut ? (
            <Button asChild size="sm" variant="outline">
              <a href={`/sign-in?callbackUrl=${encodeURIComponent(callbackUrl)}`}>Sign in again</a>
            </Button>
          ) : (
            <Button size="sm" variant="outline" onClick={() => window.location.reload()}>
              <RotateCcwIcon aria-hidden /> Reload
            </Button>
          )}
        </div>
      </AlertDescription>
    </Alert>
  );
}

/** What the run is doing that a person should know: compaction, a model retry. */
export function RunNotices({ isCompacting, notice }: { isCompacting: boolean; notice: string | null }) {
  if (!isCompacting && !notice) return null;
  return (
    <div role="status" className="flex flex-wrap gap-3 text-xs text-muted-foreground">
      {isCompacting ? (
        <span className="flex items-center gap-1.5">
          <Loader2Icon aria-hidden className="size-3.5 animate-spin" /> Summarizing earlier messages to make room…
        </span>
      ) : null}
      {notice ? (
        <span className="flex items-center gap-1.5">
          <InfoIcon aria-hidden className="size-3.5" /> {notice}
        </span>
      ) : null}
    </div>
  );
}

/** The run waits on a card: answer it, or stop the run (Stop dismisses its cards, and a message sent now waits until then). */
export function WaitingOnCardNote() {
  return (
    <p className="text-xs text-muted-foreground" role="status" data-waiting-on-card>
      The agent waits for an answer to a card above. Answer it, or press Stop to end the run: its cards are then dismissed.
    </p>
  );
}

/** Messages sent while the agent works, waiting for its next step. */
export function QueuedMessages({ queued }: { queued: QueuedMessage[] }) {
  if (queued.length === 0) return null;
  return (
    <div role="status" className="grid gap-1 rounded-md border border-dashed px-3 py-2 text-xs text-muted-foreground">
      <p className="flex items-center gap-1.5 font-medium">
        <ListEndIcon aria-hidden className="size-3.5" />
        {queued.length === 1 ? "1 message waits" : `${queued.length} messages wait`} for the agent&apos;s next step
      </p>
      <ul className="grid gap-0.5 pl-5">
        {queued.map((message) => (
          <li key={message.id} className="truncate">
            {message.text}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Under an answer cut short by Stop: says so, as the stored message does after a reload. */
export function StoppedMark() {
  return (
    <p className="mt-1 flex items-center gap-1 text-xs text-muted-foreground" data-stopped-mark>
      <SquareIcon aria-hidden className="size-3" /> Stopped
    </p>
  );
}

/**
 * After an answer was stopped: go on from there, or ask again. Continue sends a follow-up message
 * (the stopped text stays as it is); Regenerate makes a new version of the answer beside it.
 */
export function StoppedAnswerActions({
  onContinue,
  onRegenerate,
}: {
  onContinue: () => Promise<void>;
  /** Absent while the stopped answer is not stored yet. */
  onRegenerate?: () => Promise<void>;
}) {
  const [sending, setSending] = useState(false);
  async function act(action: () => Promise<void>) {
    setSending(true);
    try {
      await action();
    } catch (error) {
      toast.error(errorMessage(error, "Your message was not sent. Try again."));
    } finally {
      setSending(false);
    }
  }
  return (
    <div className="flex flex-wrap gap-2 pl-10" data-stopped-actions>
      <Button size="sm" variant="outline" disabled={sending} onClick={() => void act(onContinue)}>
        <PlayIcon aria-hidden /> Continue
      </Button>
      {onRegenerate ? (
        <Button size="sm" variant="outline" disabled={sending} onClick={() => void act(onRegenerate)}>
          <RotateCcwIcon aria-hidden /> Regenerate
        </Button>
      ) : null}
    </div>
  );
}
