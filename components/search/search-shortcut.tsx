"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";

/** Ctrl+K (⌘K on a Mac) opens the search page from anywhere in the organization, as in most chat apps. */
export function SearchShortcut({ orgSlug }: { orgSlug: string }) {
  const router = useRouter();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== "k" || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      event.preventDefault();
      router.push(`/${orgSlug}/search`);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [orgSlug, router]);
  return null;
}
