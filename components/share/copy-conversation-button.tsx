"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { apiFetch, errorMessage } from "@/lib/client/api";
import type { ShareCopied } from "@/lib/schemas/shares";

/** "Continue as my copy": a new conversation of the viewer's with the messages they see, then there. */
export function CopyConversationButton({ token }: { token: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const copy = async () => {
    setBusy(true);
    setError(null);
    try {
      const copied = await apiFetch<ShareCopied>(`/api/shares/${encodeURIComponent(token)}/copy`, { method: "POST", body: {} });
      router.push(copied.url);
    } catch (caught) {
      setError(errorMessage(caught, "The copy could not be made. Try again."));
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <Button onClick={() => void copy()} disabled={busy}>
        {busy ? "Copying…" : "Continue as my copy"}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
