"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { FileTextIcon, XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/client/api";
import { attachmentUrl, removePendingAttachment, uploadAttachment, type AttachmentTarget } from "@/lib/client/attachments-api";
import {
  ATTACHMENT_KIND_WORDS,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_UPLOAD_MAX_BYTES,
  ATTACHMENTS_PER_MESSAGE,
  attachmentKind,
  formatBytes,
} from "@/lib/schemas/attachment-limits";
import type { AttachmentView } from "@/lib/schemas/attachments";
import { cn } from "@/lib/utils";

/** A file in the composer: uploading, attached (the server's reference), or refused with the reason. */
export interface AttachmentDraft {
  key: string;
  name: string;
  size: number;
  /** An object URL of the picked image, for its thumbnail (revoked when the draft goes). */
  previewUrl?: string;
  status: "uploading" | "ready" | "failed";
  error?: string;
  view?: AttachmentView;
}

/**
 * What the browser says a file is only picks the limit checked before uploading (so a 50 MB video
 * fails at once); the server decides from the bytes and may still refuse it.
 */
function refusalBeforeUpload(file: File): string | null {
  const claimed =
    file.type.startsWith("image/") || file.type === "application/pdf" || file.type.startsWith("text/") ? attachmentKind(file.type) : null;
  const max = claimed ? ATTACHMENT_MAX_BYTES[claimed] : ATTACHMENT_UPLOAD_MAX_BYTES;
  if (file.size <= max) return null;
  return `${claimed ? ATTACHMENT_KIND_WORDS[claimed] : "A file"} may be at most ${formatBytes(max)}; this one is ${formatBytes(file.size)}.`;
}

/**
 * The composer's files for one conversation, or for the org home's new chat (pending files of the
 * organization, deleted again when removed): each uploads as soon as it is added.
 */
export function useAttachmentDrafts(given: AttachmentTarget | undefined) {
  // Kept by value: callers pass a new object each render.
  const conversationId = given && "conversationId" in given ? given.conversationId : undefined;
  const orgSlug = given && "orgSlug" in given ? given.orgSlug : undefined;
  const target = useMemo<AttachmentTarget | undefined>(
    () => (conversationId ? { conversationId } : orgSlug ? { orgSlug } : undefined),
    [conversationId, orgSlug],
  );
  const [drafts, setDrafts] = useState<AttachmentDraft[]>([]);
  const live = useRef(new Map<string, { controller: AbortController; previewUrl?: string }>());

  const patch = useCallback((key: string, change: Partial<AttachmentDraft>) => {
    setDrafts((current) => current.map((draft) => (draft.key === key ? { ...draft, ...change } : draft)));
  }, []);

  const forget = useCallback((key: string) => {
    const entry = live.current.get(key);
    entry?.controller.abort();
    if (entry?.previewUrl) URL.revokeObjectURL(entry.previewUrl);
    live.current.delete(key);
  }, []);

  useEffect(() => {
    const entries = live.current;
    return () => {
      for (const key of [...entries.keys()]) forget(key);
    };
  }, [forget]);

  const add = useCallback(
    (files: File[]) => {
      if (!target || files.length === 0) return;
      let counted = drafts.filter((draft) => draft.status !== "failed").length;
      const added: AttachmentDraft[] = [];
      for (const file of files) {
        const key = crypto.randomUUID();
        const base = { key, name: file.name || "pasted file", size: file.size };
        const refusal =
          counted >= ATTACHMENTS_PER_MESSAGE
            ? `Attach at most ${ATTACHMENTS_PER_MESSAGE} files to a message; remove one to add this.`
            : refusalBeforeUpload(file);
        if (refusal) {
          added.push({ ...base, status: "failed", error: refusal });
          continue;
        }
        counted++;
        const controller = new AbortController();
        const previewUrl = file.type.startsWith("image/") ? URL.createObjectURL(file) : undefined;
        live.current.set(key, { controller, previewUrl });
        added.push({ ...base, previewUrl, status: "uploading" });
        uploadAttachment(target, file, controller.signal).then(
          (view) => patch(key, { status: "ready", view }),
          (error) => {
            if (!controller.signal.aborted)
              patch(key, { status: "failed", error: errorMessage(error, "This file could not be attached. Try again.") });
          },
        );
      }
      setDrafts((current) => [...current, ...added]);
    },
    [target, drafts, patch],
  );

  const remove = useCallback(
    (key: string) => {
      forget(key);
      const view = drafts.find((draft) => draft.key === key)?.view;
      if (target && view) removePendingAttachment(target, view.id);
      setDrafts((current) => current.filter((draft) => draft.key !== key));
    },
    [forget, drafts, target],
  );

  const clear = useCallback(() => {
    for (const key of [...live.current.keys()]) forget(key);
    setDrafts([]);
  }, [forget]);

  /** Files of a message that was not sent, back in the box (they are uploaded already). */
  const restore = useCallback(
    (views: AttachmentView[]) => {
      if (!target) return;
      setDrafts((current) => [
        ...views.map((view) => ({
          key: crypto.randomUUID(),
          name: view.name,
          size: view.size,
          status: "ready" as const,
          view,
          ...(attachmentKind(view.media_type) === "image" && { previewUrl: attachmentUrl(target, view.id) }),
        })),
        ...current,
      ]);
    },
    [target],
  );

  return {
    drafts,
    add,
    remove,
    clear,
    restore,
    uploading: drafts.some((draft) => draft.status === "uploading"),
    failed: drafts.some((draft) => draft.status === "failed"),
    ready: drafts.flatMap((draft) => (draft.status === "ready" && draft.view ? [draft.view] : [])),
  };
}

/** The files above the message box: a thumbnail or a file chip each, its state, its error, and a way to remove it. */
export function AttachmentDrafts({ drafts, onRemove }: { drafts: AttachmentDraft[]; onRemove: (key: string) => void }) {
  if (drafts.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2 px-1" aria-label="Files to send">
      {drafts.map((draft) => (
        <li
          key={draft.key}
          data-attachment-draft={draft.status}
          className={cn(
            "flex max-w-full items-center gap-2 rounded-md border bg-muted/40 p-1.5 pr-1 text-xs",
            draft.status === "failed" && "border-destructive/60 bg-destructive/5",
          )}
        >
          {draft.previewUrl ? (
            // eslint-disable-next-line @next/next/no-img-element -- an object URL of a local file: nothing to optimize
            <img src={draft.previewUrl} alt="" className="size-10 shrink-0 rounded object-cover" />
          ) : (
            <FileTextIcon aria-hidden className="size-5 shrink-0 text-muted-foreground" />
          )}
          <div className="grid min-w-0">
            <span className="truncate font-medium" title={draft.name}>
              {draft.name}
            </span>
            {draft.status === "failed" ? (
              <span role="alert" className="text-destructive">
                {draft.error}
              </span>
            ) : (
              <span className="flex items-center gap-1 text-muted-foreground">
                {draft.status === "uploading" ? <Spinner label={null} className="size-3" /> : null}
                {draft.status === "uploading" ? "Uploading…" : formatBytes(draft.view?.size ?? draft.size)}
              </span>
            )}
          </div>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-7 shrink-0"
            aria-label={`Remove ${draft.name}`}
            onClick={() => onRemove(draft.key)}
          >
            <XIcon aria-hidden />
          </Button>
        </li>
      ))}
    </ul>
  );
}
