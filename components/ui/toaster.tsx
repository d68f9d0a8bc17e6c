"use client";

import * as React from "react";
import { useTheme } from "next-themes";
import { loadedSonner, loadSonner } from "@/components/ui/toast";

// Safari has no requestIdleCallback.
const whenIdle = (callback: () => void): (() => void) => {
  if ("requestIdleCallback" in window) {
    const id = window.requestIdleCallback(callback, { timeout: 5_000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(callback, 1_000);
  return () => clearTimeout(id);
};

/**
 * Mounted once in Providers. Show a toast with `toast` from `@/components/ui/toast`. sonner's
 * Toaster (and its live region) mounts when the browser is first idle after load, before most
 * toasts, so screen readers announce them; an earlier toast loads it at once.
 */
export function Toaster() {
  const sonner = React.useSyncExternalStore(loadedSonner.subscribe, loadedSonner.get, () => null);
  const { theme = "system" } = useTheme();
  React.useEffect(() => whenIdle(() => void loadSonner().catch((error: unknown) => console.error(error))), []);
  if (!sonner) return null;
  return (
    <sonner.Toaster
      theme={theme as "light" | "dark" | "system"}
      closeButton
      className="toaster group"
      // Sonner reads these variables, so toasts use the app's tokens in both themes.
      style={
        {
          "--normal-bg": "hsl(var(--popover))",
          "--normal-text": "hsl(var(--popover-foreground))",
          "--normal-border": "hsl(var(--border))",
          "--border-radius": "var(--radius)",
        } as React.CSSProperties
      }
    />
  );
}
