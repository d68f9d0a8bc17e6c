"use client";

import { useState } from "react";
import { useParams } from "next/navigation";
import { ClipboardIcon, ClipboardTypeIcon, GitBranchIcon, PencilIcon, RotateCcwIcon, ThumbsDownIcon, ThumbsUpIcon } from "lucide-react";
import { errorMessage } from "@/lib/client/api";
import { toast } from "@/components/ui/toast";
import { markdownToText } from "@/lib/client/markdown-to-text";
import { cn } from "@/lib/utils";
import { useBranches } from "./branch-context";
import { FeedbackDialog } from "./feedback-dialog";
import { useMyFeedback, useSetFeedback } from "./feedback-queries";

const actionClass =
  "inline-flex size-7 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50 aria-pressed:text-foreground [&_svg]:size-3.5";

/**
 * A message's actions: copy (the markdown source, or as plain text) on every message; once the
 * message is stored (`messageId`: its stored id), thumbs up / down and Regenerate on the agent's,
 * Edit on the person's, and "Branch into a new conversation" on both. Drawn under the message and
 * shown while the row is hovered or anything in it has the focus, so a keyboard reaches them as a
 * mouse does. The row needs the `group` class.
 */
export function MessageActions({
  text,
  messageId,
  align = "start",
  sender = "agent",
}: {
  text: string;
  messageId?: string;
  align?: "start" | "end";
  sender?: "user" | "agent";
}) {
  const { conversationId } = useParams<{ conversationId?: string }>();
  return (
    <div
      role="toolbar"
      aria-label="Message actions"
      className={cn(
        "mt-1 flex gap-0.5 opacity-0 transition-opacity group-hover:opacity-100 focus-within:opacity-100",
        align === "end" && "justify-end",
      )}
    >
      <button type="button" className={actionClass} aria-label="Copy" title="Copy (markdown)" onClick={() => copy(text, "Copied.")}>
        <ClipboardIcon aria-hidden />
      </button>
      <button
        type="button"
        className={actionClass}
        aria-label="Copy as text"
        title="Copy as text"
        onClick={() => copy(markdownToText(text), "Copied as text.")}
      >
        <ClipboardTypeIcon aria-hidden />
      </button>
      {messageId && conversationId && sender === "agent" ? <FeedbackButtons conversationId={conversationId} messageId={messageId} /> : null}
      {messageId ? <BranchButtons messageId={messageId} sender={sender} /> : null}
    </div>
  );
}

/** Edit or Regenerate (a new version of this message, while no run is active), and branching out. */
function BranchButtons({ messageId, sender }: { messageId: string; sender: "user" | "agent" }) {
  const branches = useBranches();
  const [pending, setPending] = useState(false);
  if (!branches) return null;
  const { actions, idle, setEditing } = branches;
  async function run(action: () => Promise<unknown>, failed: string) {
    setPending(true);
    try {
      await action();
    } catch (error) {
      toast.error(errorMessage(error, failed));
    } finally {
      setPending(false);
    }
  }
  return (
    <>
      {sender === "agent" ? (
        <button
          type="button"
          className={actionClass}
          aria-label="Regenerate"
          title="Regenerate (the current answer stays as a version)"
          disabled={!idle || pending}
          onClick={() => void run(() => actions.regenerate(messageId), "A new answer could not be started. Try again.")}
        >
          <RotateCcwIcon aria-hidden />
        </button>
      ) : (
        <button type="button" className={actionClass} aria-label="Edit" title="Edit" disabled={!idle} onClick={() => setEditing(messageId)}>
          <PencilIcon aria-hidden />
        </button>
      )}
      <button
        type="button"
        className={actionClass}
        aria-label="Branch into a new conversation"
        title="Branch into a new conversation (up to here)"
        disabled={pending}
        onClick={() => void run(() => actions.branchOut(messageId), "The new conversation could not be made. Try again.")}
      >
        <GitBranchIcon aria-hidden />
      </button>
    </>
  );
}

// Rows the client drew before the snapshot has them (a live reply, an optimistic message) carry made-up keys.
const UNSTORED_KEY = /^(event|local|sent|at):/;

/** The stored message id behind a timeline row's key, or undefined while the row is not stored yet. */
export const storedMessageId = (key: string) => (UNSTORED_KEY.test(key) ? undefined : key);

async function copy(text: string, done: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done);
  } catch {
    toast.error("The browser did not allow copying. Select the text and copy it yourself.");
  }
}

function FeedbackButtons({ conversationId, messageId }: { conversationId: string; messageId: string }) {
  const mine = useMyFeedback(conversationId).data?.get(messageId);
  const save = useSetFeedback(conversationId, messageId);
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className={actionClass}
        aria-label="Good answer"
        title="Good answer"
        aria-pressed={mine?.rating === "up"}
        disabled={save.isPending}
        // Pressing the thumb that is on takes the rating back.
        onClick={() => save.mutate(mine?.rating === "up" ? null : { rating: "up" })}
      >
        <ThumbsUpIcon aria-hidden className={cn(mine?.rating === "up" && "fill-current")} />
      </button>
      <button
        type="button"
        className={actionClass}
        aria-label="Bad answer"
        title="Bad answer"
        aria-pressed={mine?.rating === "down"}
        disabled={save.isPending}
        onClick={() => (mine?.rating === "down" ? save.mutate(null) : setAsking(true))}
      >
        <ThumbsDownIcon aria-hidden className={cn(mine?.rating === "down" && "fill-current")} />
      </button>
      {asking ? (
        <FeedbackDialog
          open
          onOpenChange={setAsking}
          initial={mine}
          pending={save.isPending}
          onSend={(input) => save.mutate(input, { onSuccess: () => setAsking(false) })}
        />
      ) : null}
    </>
  );
}
