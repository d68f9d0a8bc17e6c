"use client";

import * as React from "react";
import { buttonVariants } from "@/components/ui/button-variants";

/**
 * The body of the error boundaries. It never shows the error's message (it may carry details not
 * meant for people); the digest lets support find the server log entry. Every page loads the error
 * boundaries' code, each in a chunk of its own that repeats what it imports, so this panel imports
 * little: plain elements with the button styles rather than Button and next/link (a full page load is
 * the surest way home after an error anyway), and its two icons drawn here rather than by lucide-react.
 */
export function ErrorPanel({ error, retry }: { error: unknown; retry: () => void }) {
  React.useEffect(() => {
    console.error(error);
  }, [error]);

  const digest = error instanceof Error && "digest" in error && typeof error.digest === "string" ? error.digest : null;

  return (
    <div className="flex flex-col items-center gap-6 px-6 py-16 text-center">
      <div aria-hidden className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <Icon
          className="size-6"
          paths={["m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3", "M12 9v4", "M12 17h.01"]}
        />
      </div>
      {/* Announced when it replaces a page during client-side navigation. */}
      <div role="alert" className="flex max-w-md flex-col gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">Something went wrong</h1>
        <p className="text-muted-foreground">
          This page could not be shown. Try again; if it keeps failing, reload the page or go back to the start. Your conversations and
          pending approvals are saved and will still be there.
        </p>
        {digest && (
          <p className="text-sm text-muted-foreground">
            Reference for support: <code className="font-mono">{digest}</code>
          </p>
        )}
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        <button type="button" className={buttonVariants()} onClick={() => retry()}>
          <Icon paths={["M21 12a9 9 0 1 1-9-9c2.52 0 4.93 1 6.74 2.74L21 8", "M21 3v5h-5"]} />
          Try again
        </button>
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load resets whatever state failed */}
        <a href="/" className={buttonVariants({ variant: "outline" })}>
          Go to the home page
        </a>
      </div>
    </div>
  );
}

/** A lucide icon (triangle-alert, rotate-cw) by its paths; decorative. */
function Icon({ paths, className }: { paths: string[]; className?: string }) {
  return (
    <svg
      aria-hidden
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
