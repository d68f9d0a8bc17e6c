"use client";

import { CopyIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";

/** Copies `text`, or tells the person to copy it by hand where the page may not write the clipboard. */
export async function copyText(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${what} copied.`);
  } catch {
    toast.error(`Copying is not allowed here. Select the ${what.toLowerCase()} and copy it by hand.`);
  }
}

export interface SecretOnce {
  title: string;
  description: ReactNode;
  /** Read-only fields, in order; `copy` names the one the Copy button copies. */
  fields: { label: string; value: string }[];
  copy: { label: string; value: string; what: string };
}

/** A secret shown this once (an API key, a signing secret, a bearer token), selectable, with Copy. */
export function SecretOnceDialog({ shown, onClose }: { shown: SecretOnce | null; onClose: () => void }) {
  return (
    <Dialog open={shown !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{shown?.title}</DialogTitle>
          <DialogDescription>{shown?.description}</DialogDescription>
        </DialogHeader>
        {shown?.fields.map((field) => (
          <label key={field.label} className="grid gap-1 text-sm">
            <span className="font-medium">{field.label}</span>
            <Input readOnly value={field.value} className="font-mono text-xs" onFocus={(event) => event.target.select()} />
          </label>
        ))}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => shown && void copyText(shown.copy.value, shown.copy.what)}>
            <CopyIcon aria-hidden /> {shown?.copy.label ?? "Copy"}
          </Button>
          <DialogClose asChild>
            <Button type="button">Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
