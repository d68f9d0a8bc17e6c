"use client";

import * as React from "react";
import { MenuIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from "@/components/ui/sheet";

/** Below the md breakpoint the sidebar lives in a drawer behind a menu button. */
export function MobileSidebar({ children }: { children: React.ReactNode }) {
  const [open, setOpen] = React.useState(false);

  // Following any link inside the drawer (nav, organizations, conversations) closes it. React events
  // bubble through portals, so links in the drawer's own dropdown menus count too.
  function closeOnLink(event: React.MouseEvent) {
    if (event.target instanceof Element && event.target.closest("a[href]")) setOpen(false);
  }

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open navigation">
          <MenuIcon aria-hidden />
        </Button>
      </SheetTrigger>
      <SheetContent aria-describedby={undefined} onClick={closeOnLink}>
        <SheetTitle className="sr-only">Navigation</SheetTitle>
        {children}
      </SheetContent>
    </Sheet>
  );
}
