"use client";

import { CopyIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { INBOUND_AUTH_KIND_LABELS, type InboundEndpointWithSecret } from "@/lib/schemas/inbound-endpoints";

export async function copyText(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${what} copied.`);
  } catch {
    toast.error(`Copying is not allowed here. Select the ${what.toLowerCase()} and copy it by hand.`);
  }
}

/** How the sender uses the secret, per kind: the header it sends. */
const USE: Record<string, string> = {
  standard_webhooks: "The sender signs with it the Standard Webhooks way (webhook-id, webhook-timestamp, webhook-signature).",
  hub_signature: "The sender sends X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body> keyed with it.",
  bearer: "The sender sends Authorization: Bearer <this token>.",
};

/** A new endpoint's (or a rotated) secret and its URL, this once, with Copy. */
export function ShowInboundSecretOnce({ shown, onClose }: { shown: InboundEndpointWithSecret | null; onClose: () => void }) {
  return (
    <Dialog open={shown !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Secret of “{shown?.endpoint.name}”</DialogTitle>
          <DialogDescription>
            Copy it now and give it to the sender: you will not see it again. {shown ? USE[shown.endpoint.authKind] : ""}
          </DialogDescription>
        </DialogHeader>
        <label className="grid gap-1 text-sm">
          <span className="font-medium">URL to give the sender</span>
          <Input readOnly value={shown?.endpoint.url ?? ""} className="font-mono text-xs" onFocus={(event) => event.target.select()} />
        </label>
        <label className="grid gap-1 text-sm">
          <span className="font-medium">{shown ? INBOUND_AUTH_KIND_LABELS[shown.endpoint.authKind] : "Secret"} secret</span>
          <Input readOnly value={shown?.secret ?? ""} className="font-mono text-xs" onFocus={(event) => event.target.select()} />
        </label>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => shown && void copyText(shown.secret, "Secret")}>
            <CopyIcon aria-hidden /> Copy secret
          </Button>
          <DialogClose asChild>
            <Button type="button">Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
