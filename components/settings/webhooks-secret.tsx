"use client";

import { CopyIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";

/** A signing secret, this once (after creating an endpoint or rotating its secret), with Copy. */
export function ShowSecretOnce({
  shown,
  onClose,
}: {
  shown: { title: string; secret: string; note?: string } | null;
  onClose: () => void;
}) {
  async function copy() {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.secret);
      toast.success("Secret copied.");
    } catch {
      toast.error("Copying is not allowed here. Select the secret and copy it by hand.");
    }
  }
  return (
    <Dialog open={shown !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{shown?.title}</DialogTitle>
          <DialogDescription>
            Copy the signing secret now: you will not see it again. Your receiver verifies each delivery with it (docs: Webhooks).
            {shown?.note ? ` ${shown.note}` : ""}
          </DialogDescription>
        </DialogHeader>
        <label className="grid gap-1 text-sm">
          <span className="font-medium">Signing secret</span>
          <Input readOnly value={shown?.secret ?? ""} className="font-mono text-xs" onFocus={(event) => event.target.select()} />
        </label>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => void copy()}>
            <CopyIcon aria-hidden /> Copy
          </Button>
          <DialogClose asChild>
            <Button type="button">Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
