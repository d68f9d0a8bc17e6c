"use client";

import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/client/api";
import { useBranches } from "./branch-context";

/**
 * The person's message, or while it is being edited a box with its text: saving sends the new
 * version (the old one stays, one "‹ 1 / 2 ›" away). Enter saves, Shift+Enter breaks the line, Escape cancels.
 */
export function MessageEditor({ messageId, text, children }: { messageId?: string; text: string; children: ReactNode }) {
  const branches = useBranches();
  if (!branches || !messageId || branches.editing !== messageId) return <>{children}</>;
  return <EditBox messageId={messageId} text={text} onClose={() => branches.setEditing(null)} save={branches.actions.edit} />;
}

function EditBox({
  messageId,
  text,
  onClose,
  save,
}: {
  messageId: string;
  text: string;
  onClose: () => void;
  save: (messageId: string, text: string) => Promise<void>;
}) {
  const [draft, setDraft] = useState(text);
  const [saving, setSaving] = useState(false);
  const changed = draft.trim().length > 0 && draft.trim() !== text.trim();

  async function submit() {
    if (!changed || saving) return;
    setSaving(true);
    onClose();
    try {
      await save(messageId, draft.trim());
    } catch (error) {
      toast.error(errorMessage(error, "The edited message was not sent. Try again."));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      className="grid w-full max-w-[85%] gap-2"
      aria-label="Edit message"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Textarea
        autoFocus
        aria-label="Edited message"
        value={draft}
        rows={Math.min(8, Math.max(2, draft.split("\n").length))}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") onClose();
          if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            void submit();
          }
        }}
      />
      <div className="flex justify-end gap-2">
        <Button type="button" size="sm" variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={!changed || saving}>
          Save and send
        </Button>
      </div>
    </form>
  );
}
