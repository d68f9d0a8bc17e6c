"use client";

import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { chatApi, chatKeys } from "./chat-api";

/** The organization's conversations, newest activity first, filtered by title. */
export function useConversationList(orgSlug: string, q: string) {
  return useInfiniteQuery({
    queryKey: chatKeys.conversationList(orgSlug, q),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => chatApi.listConversations(orgSlug, { q: q || undefined, cursor: pageParam }, signal),
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 10_000,
  });
}

export function useConversationMutations(orgSlug: string) {
  const queryClient = useQueryClient();
  const refreshList = () => queryClient.invalidateQueries({ queryKey: chatKeys.conversations(orgSlug) });
  return {
    /** Creates the conversation with its first message (never an empty one); `temporary`: never listed or kept. */
    start: useMutation({
      mutationFn: (input: { text: string; attachmentIds?: string[]; temporary?: boolean }) =>
        chatApi.startConversation(
          orgSlug,
          input.attachmentIds?.length ? { text: input.text, attachment_ids: input.attachmentIds } : { text: input.text },
          { temporary: input.temporary },
        ),
      onSuccess: refreshList,
    }),
    rename: useMutation({
      mutationFn: (input: { id: string; title: string }) => chatApi.renameConversation(input.id, input.title),
      onSuccess: (_result, input) => {
        void queryClient.invalidateQueries({ queryKey: chatKeys.conversation(input.id) });
        return refreshList();
      },
    }),
    remove: useMutation({
      mutationFn: (id: string) => chatApi.deleteConversation(id),
      onSuccess: (_result, id) => {
        queryClient.removeQueries({ queryKey: chatKeys.conversation(id) });
        return refreshList();
      },
    }),
    restore: useMutation({ mutationFn: (id: string) => chatApi.restoreConversation(id), onSuccess: refreshList }),
  };
}
