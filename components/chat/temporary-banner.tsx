"use client";

import { useEffect, useRef } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { chatApi } from "@/lib/client/chat-api";
import { failed } from "./failed-toast";

/**
 * Over a temporary conversation: says it is not kept, and ends it (a hard delete, no undo) from
 * "End" or when the person leaves it for another page of the app. A reload or a closed tab leaves
 * it to the purge (24 hours without activity): a reload must not lose the chat.
 */
export function TemporaryBanner({ orgSlug, conversationId }: { orgSlug: string; conversationId: string }) {
  const router = useRouter();
  const ended = useRef(false);

  useEffect(() => {
    // React's development double mount unmounts and mounts again at once: the delete waits a tick
    // and a mount in between cancels it; leaving the page for good lets it run.
    const pending = pendingEnds.get(conversationId);
    if (pending) clearTimeout(pending);
    pendingEnds.delete(conversationId);
    return () => {
      if (ended.current) return;
      pendingEnds.set(
        conversationId,
        setTimeout(() => {
          pendingEnds.delete(conversationId);
          void chatApi.deleteConversation(conversationId).catch(() => {});
        }, 0),
      );
    };
  }, [conversationId]);

  async function end() {
    ended.current = true;
    try {
      await chatApi.deleteConversation(conversationId);
      router.push(`/${orgSlug}`);
    } catch (error) {
      ended.current = false;
      failed("end the temporary chat")(error);
    }
  }

  return (
    <section aria-label="Temporary chat" className="flex shrink-0 items-center gap-3 border-b bg-muted px-4 py-2 text-sm">
      <p className="min-w-0 flex-1">Temporary chat: deleted when you leave it or after 24 hours</p>
      <Button size="sm" variant="outline" onClick={end}>
        End
      </Button>
    </section>
  );
}

const pendingEnds = new Map<string, ReturnType<typeof setTimeout>>();
