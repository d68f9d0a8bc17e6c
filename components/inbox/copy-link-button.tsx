"use client";

import { useState } from "react";
import { LinkIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/client/api";
import { fetchCapabilityUrl } from "./use-inbox";

/** Copies the item's capability link: whoever holds it can answer this one item, and nothing else. */
export function CopyLinkButton({ slug, publicId, tag }: { slug: string; publicId: string; tag: string }) {
  const [busy, setBusy] = useState(false);
  async function copy() {
    setBusy(true);
    try {
      await navigator.clipboard.writeText(await fetchCapabilityUrl(slug, publicId));
      toast.success("Link copied. Whoever opens it can answer this one item.");
    } catch (error) {
      toast.error(errorMessage(error, "The link could not be copied. Try again."));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button type="button" variant="ghost" size="sm" disabled={busy} onClick={copy} aria-label={`Copy the answer link of “${tag}”`}>
      <LinkIcon aria-hidden /> Copy link
    </Button>
  );
}
