"use client";

import { useEffect, useId, useRef, useState } from "react";
import { ArrowUpIcon, PaperclipIcon, SquareIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Kbd } from "@/components/ui/kbd";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { ApiError, errorMessage } from "@/lib/client/api";
import { planLimitOf, type PlanLimitRefusal } from "@/lib/client/plan-limit";
import { useDraft } from "@/lib/client/use-draft";
import { MESSAGE_TEXT_MAX } from "@/lib/client/limits";
import { ATTACHMENT_ACCEPT } from "@/lib/schemas/attachment-limits";
import type { AttachmentTarget } from "@/lib/client/attachments-api";
import type { AttachmentView } from "@/lib/schemas/attachments";
import { cn } from "@/lib/utils";
import { AttachmentDrafts, useAttachmentDrafts } from "./attachment-drafts";
import { PlanLimitNotice } from "./plan-limit-notice";

export interface ComposerProps {
  /** Where the draft is kept (a conversation id, or "new" on the org home). */
  draftScope: string;
  onSend: (text: string, attachments: AttachmentView[]) => Promise<void>;
  /** Where files upload: the conversation, or the organization for a chat not created yet; without it nothing can be attached. */
  attachTo?: AttachmentTarget;
  /** The model works: a message is queued for its next step. */
  busy?: boolean;
  /** Shows Stop: while the model works, and while its run waits on a card (default: busy). */
  stoppable?: boolean;
  onStop?: () => Promise<void>;
  disabled?: boolean;
  placeholder?: string;
}

/** Files of a paste or a drop (a drag of text has none). */
const filesOf = (transfer: DataTransfer | null) => [...(transfer?.files ?? [])];

/**
 * Enter sends, Shift+Enter breaks the line; the draft survives reloads. While busy, a message is queued for the agent.
 * With `attachTo`, files are pasted, dropped anywhere on the page or picked, and upload at once.
 */
export function Composer({
  draftScope,
  onSend,
  attachTo,
  busy = false,
  stoppable = busy,
  onStop,
  disabled = false,
  placeholder,
}: ComposerProps) {
  const id = useId();
  const [text, setText] = useDraft(draftScope);
  const [sending, setSending] = useState(false);
  const [stopping, setStopping] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const files = useAttachmentDrafts(attachTo);
  const attachable = attachTo !== undefined;
  const [dragging, setDragging] = useState(false);
  // A message the plan refused: said above the box until the next send or a dismissal, not in a passing toast.
  const [limited, setLimited] = useState<PlanLimitRefusal | null>(null);
  const tooLong = text.length > MESSAGE_TEXT_MAX;
  const empty = text.trim().length === 0;
  // A queued message carries only its words, so files wait for the agent to finish.
  const filesBlocked = files.uploading || files.failed || (busy && files.drafts.length > 0);
  const { add } = files;

  // A file dropped anywhere on the chat is attached (and the browser does not navigate to it).
  useEffect(() => {
    if (!attachable) return;
    const hasFiles = (event: DragEvent) => event.dataTransfer?.types.includes("Files") ?? false;
    const over = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      setDragging(true);
    };
    const leave = (event: DragEvent) => {
      if (event.relatedTarget === null) setDragging(false);
    };
    const drop = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      setDragging(false);
      if (!disabled) add(filesOf(event.dataTransfer));
    };
    window.addEventListener("dragover", over);
    window.addEventListener("dragleave", leave);
    window.addEventListener("drop", drop);
    return () => {
      window.removeEventListener("dragover", over);
      window.removeEventListener("dragleave", leave);
      window.removeEventListener("drop", drop);
    };
  }, [attachable, add, disabled]);

  async function send() {
    if (empty || tooLong || sending || disabled || filesBlocked) return;
    const message = text.trim();
    const attached = files.ready;
    setSending(true);
    setLimited(null);
    setText("");
    files.clear();
    try {
      await onSend(message, attached);
    } catch (error) {
      // Give the words and the files back, so nothing is lost.
      setText(message);
      files.restore(attached);
      const refusal = planLimitOf(error);
      if (refusal) setLimited(refusal);
      else
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
      {limited ? <PlanLimitNotice refusal={limited} onDismiss={() => setLimited(null)} /> : null}
      <AttachmentDrafts drafts={files.drafts} onRemove={files.remove} />
      <div
        className={cn(
          "flex items-end gap-2 rounded-lg border bg-background p-2 shadow-sm focus-within:outline-2 focus-within:outline-ring",
          dragging && "outline-2 outline-dashed outline-ring",
        )}
      >
        {attachable ? (
          <>
            <input
              ref={picker}
              type="file"
              multiple
              accept={ATTACHMENT_ACCEPT}
              className="sr-only"
              tabIndex={-1}
              aria-label="Files to attach"
              onChange={(event) => {
                add([...(event.target.files ?? [])]);
                event.target.value = "";
              }}
            />
            <Button
              type="button"
              variant="ghost"
              size="icon"
              disabled={disabled}
              aria-label="Attach files"
              title="Attach images, PDFs or text files"
              onClick={() => picker.current?.click()}
            >
              <PaperclipIcon aria-hidden />
            </Button>
          </>
        ) : null}
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
          onPaste={(event) => {
            const pasted = filesOf(event.clipboardData);
            if (!attachable || pasted.length === 0) return;
            event.preventDefault();
            add(pasted);
          }}
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
          disabled={disabled || empty || tooLong || sending || filesBlocked}
          aria-label={busy ? "Queue message" : "Send message"}
        >
          {sending ? <Spinner label={null} /> : <ArrowUpIcon aria-hidden />}
        </Button>
      </div>
      <div className="flex items-center justify-between gap-2 px-1 text-xs text-muted-foreground">
        <p id={`${id}-hint`}>
          {files.uploading ? (
            "Uploading files…"
          ) : files.failed ? (
            "Remove the files that could not be attached to send."
          ) : busy && files.drafts.length > 0 ? (
            "Files can be sent when the agent is done."
          ) : (
            // Keys are a desktop hint: a touch keyboard has its own send button.
            <span className="pointer-coarse:hidden">
              <Kbd>Enter</Kbd> to send, <Kbd>Shift</Kbd>+<Kbd>Enter</Kbd> for a new line
              {busy ? ". The agent reads what you send at its next step." : "."}
            </span>
          )}
        </p>
        <p className={cn(tooLong && "font-medium text-destructive", text.length < MESSAGE_TEXT_MAX * 0.8 && "sr-only")} aria-live="polite">
          {text.length.toLocaleString()} / {MESSAGE_TEXT_MAX.toLocaleString()}
          {tooLong ? " — shorten your message to send it" : ""}
        </p>
      </div>
    </form>
  );
}
