"use client";

import { useId, useRef, useState } from "react";
import { ArrowUpIcon, SquareIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Kbd } from "@/components/ui/kbd";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { ApiError, errorMessage } from "@/lib/client/api";
import { useDraft } from "@/lib/client/use-draft";
import { MESSAGE_TEXT_MAX } from "@/lib/client/limits";
import { cn } from "@/lib/utils";

export interface ComposerProps {
  /** Where the draft is kept (a conversation id, or "new" on the org home). */
  draftScope: string;
  onSend: (text: string) => Promise<void>;
  /** The model works: a message is queued for its next step. */
  busy?: boolean;
  /** Shows Stop: while the model works, and while its run waits on a card (default: busy). */
  stoppable?: boolean;
  onStop?: () => Promise<void>;
  disabled?: boolean;
  placeholder?: string;
}

/** Enter sends, Shift+Enter breaks the line; the draft survives reloads. While busy, a message is queued for the agent. */
export function Composer({ draftScope, onSend, busy = false, stoppable = busy, onStop, disabled = false, placeholder }: ComposerProps) {
  const id = useId();
  const [text, setText] = useDraft(draftScope);
  const [sending, setSending] = useState(false);
  const [stopping, setStopping] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);
  const tooLong = text.length > MESSAGE_TEXT_MAX;
  const empty = text.trim().length === 0;

  async function send() {
    if (empty || tooLong || sending || disabled) return;
    const message = text.trim();
    setSending(true);
    setText("");
    try {
      await onSend(message);
    } catch (error) {
      // Give the words back, so nothing typed is lost.
      setText(message);
      toast.error(errorMessage(error, "Your message was not sent. Try again."), {
        description: error instanceof ApiError && error.status === 0 ? undefined : "Your message is back in the box: send it again.",
      });
    } finally {
      setSending(false);
      // Back to the box for the next message, unless the person has moved on meanwhile (typing into a card).
      const focused = document.activeElement;
      if (!focused || focused === document.body || ref.current?.form?.contains(focused)) ref.current?.focus();
    }
  }

  async function stop() {
    if (!onStop) return;
    setStopping(true);
    try {
      await onStop();
    } catch (error) {
      toast.error(errorMessage(error, "The run could not be stopped. Try again."));
    } finally {
      setStopping(false);
    }
  }

  return (
    <form
      className="grid gap-1.5"
      aria-label="Message the agent"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <div className="flex items-end gap-2 rounded-lg border bg-background p-2 shadow-sm focus-within:outline-2 focus-within:outline-ring">
        <label htmlFor={`${id}-text`} className="sr-only">
          Message
        </label>
        <textarea
          ref={ref}
          id={`${id}-text`}
          name="message"
          rows={1}
          value={text}
          placeholder={placeholder ?? (busy ? "Add to what the agent is doing…" : "Message the agent…")}
          disabled={disabled}
          aria-invalid={tooLong || undefined}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void send();
            }
          }}
          className="field-sizing-content max-h-48 min-h-9 flex-1 resize-none bg-transparent px-2 py-1.5 text-sm outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed"
        />
        {stoppable && onStop ? (
          <Button type="button" variant="outline" onClick={stop} disabled={stopping} aria-label="Stop the agent">
            {stopping ? <Spinner label={null} /> : <SquareIcon aria-hidden className="fill-current" />}
            Stop
          </Button>
        ) : null}
        <Button
          type="submit"
          size="icon"
          disabled={disabled || empty || tooLong || sending}
          aria-label={busy ? "Queue message" : "Send message"}
        >
          {sending ? <Spinner label={null} /> : <ArrowUpIcon aria-hidden />}
        </Button>
      </div>
      <div className="flex items-center justify-between gap-2 px-1 text-xs text-muted-foreground">
        <p id={`${id}-hint`} className="pointer-coarse:hidden">
          <Kbd>Enter</Kbd> to send, <Kbd>Shift</Kbd>+<Kbd>Enter</Kbd> for a new line
          {busy ? ". The agent reads what you send at its next step." : "."}
        </p>
        <p className={cn(tooLong && "font-medium text-destructive", text.length < MESSAGE_TEXT_MAX * 0.8 && "sr-only")} aria-live="polite">
          {text.length.toLocaleString()} / {MESSAGE_TEXT_MAX.toLocaleString()}
          {tooLong ? " — shorten your message to send it" : ""}
        </p>
      </div>
    </form>
  );
}
