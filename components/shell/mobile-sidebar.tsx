"use client";

import { MenuIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { lazyPopup } from "@/components/ui/lazy-popup";

const MobileSidebarDrawer = lazyPopup("dialog", () => import("@/components/shell/mobile-sidebar-drawer"));

/** Below the md breakpoint the sidebar lives in a drawer behind a menu button (the drawer loads on intent, see lazy-popup.tsx). */
export function MobileSidebar({ children }: { children: React.ReactNode }) {
  return (
    <MobileSidebarDrawer
      trigger={
        <Button variant="ghost" size="icon" aria-label="Open navigation">
          <MenuIcon aria-hidden />
        </Button>
      }
    >
      {children}
    </MobileSidebarDrawer>
  );
}
