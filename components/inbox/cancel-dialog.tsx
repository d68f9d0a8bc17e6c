"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/client/api";
import type { V1InboxItem } from "@/lib/schemas/v1-inbox";
import { useCancelInboxItem } from "./use-inbox";

/** Owners and admins withdraw a pending item; the agent is told it was cancelled, and a waiting agent moves on. */
export function CancelDialog({ slug, item, onClose }: { slug: string; item: V1InboxItem | null; onClose: () => void }) {
  const cancel = useCancelInboxItem(slug);
  const [reason, setReason] = useState("");
  return (
    <Dialog
      open={item !== null}
      onOpenChange={(open) => {
        if (!open) {
          setReason("");
          onClose();
        }
      }}
    >
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!item) return;
            cancel.mutate(
              { publicId: item.id, reason: reason.trim() || undefined },
              {
                onSuccess: () => toast.success("Cancelled. The agent has been told."),
                onError: (error) => toast.error(errorMessage(error, "The item was not cancelled. Try again.")),
                onSettled: () => {
                  setReason("");
                  onClose();
                },
              },
            );
          }}
        >
          <DialogHeader>
            <DialogTitle>Cancel “{item?.tag}”?</DialogTitle>
            <DialogDescription>Nobody can answer it afterwards. The agent is told that no answer will come.</DialogDescription>
          </DialogHeader>
          <FormField label="Reason (optional)">
            <Input name="reason" maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Keep it
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={cancel.isPending}>
              {cancel.isPending ? "Cancelling…" : "Cancel the item"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
