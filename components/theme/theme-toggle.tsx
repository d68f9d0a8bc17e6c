"use client";

import { MoonIcon, SunIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { lazyPopup } from "@/components/ui/lazy-popup";

const ThemeMenu = lazyPopup("menu", () => import("@/components/theme/theme-menu"));

/** A menu button to pick light, dark or the OS theme (the menu loads on intent, see lazy-popup.tsx). */
export function ThemeToggle({ className }: { className?: string }) {
  return (
    <ThemeMenu
      trigger={
        <Button variant="ghost" size="icon" className={className} aria-label="Change theme">
          {/* The theme is unknown during server rendering, so CSS picks the icon instead of state: no hydration mismatch. */}
          <SunIcon aria-hidden className="dark:hidden" />
          <MoonIcon aria-hidden className="hidden dark:block" />
        </Button>
      }
    />
  );
}
