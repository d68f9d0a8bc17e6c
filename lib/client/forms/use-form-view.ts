"use client";

import { useCallback, useSyncExternalStore } from "react";
import { hashKey, useQueryClient } from "@tanstack/react-query";
import type { FormView } from "@/lib/forms/view";
import { chatKeys } from "@/lib/client/chat-api";
import type { ChatState } from "@/lib/client/chat-state";

/**
 * The chat's newest view of one form instance: the conversation's cached `ChatState` (which
 * `useGlove` keeps, folding the snapshot's `forms` and every `form_updated`), watched without a
 * second fetch. Undefined until the chat has one for this instance.
 */
export function useFormView(conversationId: string, instanceId: string): FormView | undefined {
  const queryClient = useQueryClient();
  const read = useCallback(
    () => queryClient.getQueryData<ChatState>(chatKeys.conversation(conversationId))?.forms.find((view) => view.instanceId === instanceId),
    [queryClient, conversationId, instanceId],
  );
  const subscribe = useCallback(
    (changed: () => void) => {
      const hash = hashKey(chatKeys.conversation(conversationId));
      return queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === hash) changed();
      });
    },
    [queryClient, conversationId],
  );
  return useSyncExternalStore(subscribe, read, read);
}
