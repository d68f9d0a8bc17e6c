"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/client/api";

export function LoadEarlierButton({ onLoad }: { onLoad: () => Promise<void> }) {
  const [loading, setLoading] = useState(false);
  return (
    <Button
      variant="ghost"
      size="sm"
      className="justify-self-center"
      disabled={loading}
      onClick={async () => {
        setLoading(true);
        try {
          await onLoad();
        } catch (error) {
          toast.error(errorMessage(error, "Earlier messages could not be loaded. Try again."));
        } finally {
          setLoading(false);
        }
      }}
    >
      {loading ? "Loading…" : "Show earlier messages"}
    </Button>
  );
}
