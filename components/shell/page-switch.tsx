"use client";

import { useEffect, useSyncExternalStore } from "react";
import { usePathname } from "next/navigation";
import { newChatArrived, newChatIntent } from "@/lib/client/new-chat-intent";
import { Skeleton } from "@/components/ui/skeleton";

/**
 * The page inside the shell, hidden from the moment "New chat" is clicked until the new chat's page
 * arrives (lib/client/new-chat-intent.ts): the view switches at once, and the previous conversation's
 * composer cannot take a message meant for the new one. Hidden, not unmounted: a navigation that
 * never arrives gives the page back as it was.
 */
export function PageSwitch({ children }: { children: React.ReactNode }) {
  const pathname = usePathname();
  const leavingFrom = useSyncExternalStore(newChatIntent.subscribe, newChatIntent.leavingFrom, newChatIntent.none);
  const leaving = leavingFrom !== null && leavingFrom === pathname;
  // Arrived: the path changed since the click.
  useEffect(() => {
    if (leavingFrom !== null && leavingFrom !== pathname) newChatArrived();
  }, [leavingFrom, pathname]);
  return (
    <>
      {leaving ? (
        <div className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-8" aria-busy="true" aria-label="Opening a new chat">
          <Skeleton className="h-8 w-1/3" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : null}
      <div className={leaving ? "hidden" : "contents"}>{children}</div>
    </>
  );
}
