"use client";

import * as React from "react";
import type { LoadedPopupProps } from "@/components/ui/lazy-popup";
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from "@/components/ui/sheet";

/** The mobile sidebar's drawer, loaded by MobileSidebar on intent. */
export default function MobileSidebarDrawer({
  trigger,
  triggerRef,
  children,
}: { trigger: React.ReactElement; children: React.ReactNode } & LoadedPopupProps) {
  const [open, setOpen] = React.useState(false);

  // Following any link inside the drawer (nav, organizations, conversations) closes it. React events
  // bubble through portals, so links in the drawer's own dropdown menus count too.
  function closeOnLink(event: React.MouseEvent) {
    if (event.target instanceof Element && event.target.closest("a[href]")) setOpen(false);
  }

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild ref={triggerRef}>
        {trigger}
      </SheetTrigger>
      <SheetContent aria-describedby={undefined} onClick={closeOnLink}>
        <SheetTitle className="sr-only">Navigation</SheetTitle>
        {children}
      </SheetContent>
    </Sheet>
  );
}
