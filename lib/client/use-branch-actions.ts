"use client";

import { useCallback, useMemo } from "react";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { withOptimisticMessage } from "./apply-event";
import { branchApi } from "./branch-api";
import { withoutMessageAndAfter, withoutReply } from "./branch-view";
import type { ChatEvent } from "./chat-event";
import type { ChatState } from "./chat-state";

/** Edit, regenerate, switch versions and branch out, over the chat's cached state (see useGlove). */
export interface BranchActions {
  /** A new version of the agent's reply that `messageId` belongs to; its run streams in. */
  regenerate: (messageId: string) => Promise<void>;
  /** A new version of the person's message `messageId`, answered by a new run. */
  edit: (messageId: string, text: string) => Promise<void>;
  /** Shows the version through `messageId` (the agent reads that path from now on). */
  switchTo: (messageId: string) => Promise<void>;
  /** A new conversation holding the shown path up to `messageId`; resolves with its id. */
  branchOut: (messageId: string) => Promise<string>;
}

interface Deps {
  conversationId: string;
  queryClient: QueryClient;
  key: QueryKey;
  receive: (event: ChatEvent) => void;
  update: (change: (state: ChatState) => ChatState) => void;
  /** Lists the new conversation and opens it. */
  open: (conversationId: string) => void;
}

export function useBranchActions({ conversationId, queryClient, key, receive, update, open }: Deps): BranchActions {
  // Read the stored path again: after a switch, or when a new version was refused (409) and the cut view must go.
  const reread = useCallback(async () => {
    update((current) => ({ ...current, earlier: { messages: [], slots: [] } }));
    await queryClient.refetchQueries({ queryKey: key, exact: true });
  }, [queryClient, key, update]);

  const regenerate = useCallback(
    async (messageId: string) => {
      update((current) => withoutReply(current, messageId));
      try {
        await branchApi.regenerate(conversationId, messageId, receive);
      } catch (error) {
        await reread();
        throw error;
      }
    },
    [conversationId, receive, update, reread],
  );

  const edit = useCallback(
    async (messageId: string, text: string) => {
      update((current) => withOptimisticMessage(withoutMessageAndAfter(current, messageId), crypto.randomUUID(), text));
      try {
        await branchApi.edit(conversationId, messageId, text, receive);
      } catch (error) {
        await reread();
        throw error;
      }
    },
    [conversationId, receive, update, reread],
  );

  const switchTo = useCallback(
    async (messageId: string) => {
      await branchApi.switchTo(conversationId, messageId);
      await reread();
    },
    [conversationId, reread],
  );

  const branchOut = useCallback(
    async (messageId: string) => {
      const created = await branchApi.branchOut(conversationId, messageId);
      open(created.id);
      return created.id;
    },
    [conversationId, open],
  );

  return useMemo(() => ({ regenerate, edit, switchTo, branchOut }), [regenerate, edit, switchTo, branchOut]);
}
