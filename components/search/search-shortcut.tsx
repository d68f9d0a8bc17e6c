"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { matchShortcut } from "@/lib/client/shortcuts";

/** Ctrl+K (⌘K on a Mac) opens the search page from anywhere in the organization, as in most chat apps. */
export function SearchShortcut({ orgSlug }: { orgSlug: string }) {
  const router = useRouter();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // The key map owns the keys (the shortcuts sheet lists the same); search works in text fields too.
      if (matchShortcut(event, "other") !== "search") return;
      event.preventDefault();
      router.push(`/${orgSlug}/search`);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [orgSlug, router]);
  return null;
}
