"use client";

import * as React from "react";
import Link from "next/link";
import { RotateCwIcon, TriangleAlertIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

/**
 * The body of the error boundaries. It never shows the error's message (it may carry details not
 * meant for people); the digest lets support find the server log entry.
 */
export function ErrorPanel({ error, retry }: { error: unknown; retry: () => void }) {
  React.useEffect(() => {
    console.error(error);
  }, [error]);

  const digest = error instanceof Error && "digest" in error && typeof error.digest === "string" ? error.digest : null;

  return (
    <div className="flex flex-col items-center gap-6 px-6 py-16 text-center">
      <div aria-hidden className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <TriangleAlertIcon className="size-6" />
      </div>
      {/* Announced when it replaces a page during client-side navigation. */}
      <div role="alert" className="flex max-w-md flex-col gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">Something went wrong</h1>
        <p className="text-muted-foreground">
          This page could not be shown. Try again; if it keeps failing, reload the page or go back to the start. Your
          conversations and pending approvals are saved and will still be there.
        </p>
        {digest && (
          <p className="text-sm text-muted-foreground">
            Reference for support: <code className="font-mono">{digest}</code>
          </p>
        )}
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={() => retry()}>
          <RotateCwIcon aria-hidden />
          Try again
        </Button>
        <Button variant="outline" asChild>
          <Link href="/">Go to the home page</Link>
        </Button>
      </div>
    </div>
  );
}
