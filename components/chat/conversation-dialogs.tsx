"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { CONVERSATION_TITLE_MAX } from "@/lib/client/limits";

export function RenameConversationDialog({
  title,
  open,
  onOpenChange,
  onRename,
}: {
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRename: (title: string) => Promise<void>;
}) {
  const [value, setValue] = useState(title);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={async (event) => {
            event.preventDefault();
            // Loaded on submit: the schema module brings zod, which the sidebar of every page need not carry.
            const { conversationTitleSchema } = await import("@/lib/schemas/conversation");
            const parsed = conversationTitleSchema.safeParse(value);
            if (!parsed.success) return setError(parsed.error.issues[0]?.message);
            setPending(true);
            try {
              await onRename(parsed.data);
              onOpenChange(false);
            } catch (e) {
              setError(e instanceof Error ? e.message : "Could not rename. Try again.");
            } finally {
              setPending(false);
            }
          }}
        >
          <DialogHeader>
            <DialogTitle>Rename conversation</DialogTitle>
            <DialogDescription>Everyone in your organization sees the new title.</DialogDescription>
          </DialogHeader>
          <FormField label="Title" error={error} required>
            <Input
              value={value}
              maxLength={CONVERSATION_TITLE_MAX}
              onChange={(e) => {
                setValue(e.target.value);
                setError(undefined);
              }}
              autoFocus
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? "Saving…" : "Save"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function DeleteConversationDialog({
  title,
  open,
  onOpenChange,
  onDelete,
}: {
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDelete: () => Promise<void>;
}) {
  const [pending, setPending] = useState(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete “{title}”?</DialogTitle>
          <DialogDescription>
            It disappears for everyone in your organization. You can undo this right after; a little later its messages, cards, tasks and
            inbox items are deleted for good.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={pending}
            onClick={async () => {
              setPending(true);
              try {
                await onDelete();
                onOpenChange(false);
              } finally {
                setPending(false);
              }
            }}
          >
            {pending ? "Deleting…" : "Delete"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
