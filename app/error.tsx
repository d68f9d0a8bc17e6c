"use client";

import { ErrorPanel } from "@/components/shell/error-panel";

// Next 16 passes `retry` (re-fetch and re-render the segment), which recovers from transient
// server failures where the older `reset` (re-render only) would fail again.
export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <main id="main" tabIndex={-1} className="flex min-h-[60dvh] items-center justify-center">
      <ErrorPanel error={error} retry={retry} />
    </main>
  );
}
