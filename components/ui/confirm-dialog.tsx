"use client";

import type { ReactNode } from "react";
import { Button } from "./button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "./dialog";

export interface ConfirmRequest {
  title: ReactNode;
  description: ReactNode;
  /** The confirming button's label, and its label while the action runs. */
  action: string;
  pendingAction?: string;
  destructive?: boolean;
  /** Runs the action; `done` closes the dialog once it settled. */
  onConfirm: (done: () => void) => void;
}

/** Asks before an action that cannot be undone (revoke, delete, rotate): Cancel, or the action. Open while `request` is set. */
export function ConfirmDialog({ request, pending, onClose }: { request: ConfirmRequest | null; pending: boolean; onClose: () => void }) {
  return (
    <Dialog open={request !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{request?.title}</DialogTitle>
          <DialogDescription>{request?.description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <Button
            type="button"
            variant={request?.destructive ? "destructive" : "default"}
            disabled={pending}
            onClick={() => request?.onConfirm(onClose)}
          >
            {pending ? (request?.pendingAction ?? request?.action) : request?.action}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
