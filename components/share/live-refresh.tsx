"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/** How often a live link's page reads the conversation again while it is visible. */
export const LIVE_SHARE_REFRESH_MS = 5_000;

/**
 * A live link follows the conversation by re-rendering the server page now and then (no stream of
 * the organization's run events reaches a shared view); a hidden tab asks nothing.
 */
export function LiveRefresh() {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") router.refresh();
    }, LIVE_SHARE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [router]);
  return null;
}
