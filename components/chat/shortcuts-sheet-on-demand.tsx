"use client";

import { lazy, Suspense } from "react";

// The dialog is radix code no page needs before someone asks for it (ARCHITECTURE.md, first load).
const ShortcutsSheet = lazy(() => import("./shortcuts-sheet"));

/** The shortcuts sheet, imported the first time it opens; closed, it is not in the page. */
export function ShortcutsSheetOnDemand({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ShortcutsSheet open onOpenChange={onOpenChange} />
    </Suspense>
  );
}
