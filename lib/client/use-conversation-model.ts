"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { chatApi, chatKeys } from "./chat-api";

/** The conversation's model and what may be chosen (the chat header's picker and details). */
export function useConversationModel(conversationId: string) {
  return useQuery({
    queryKey: chatKeys.conversationModel(conversationId),
    queryFn: ({ signal }) => chatApi.conversationModel(conversationId, signal),
    staleTime: 60_000,
  });
}

export function useChooseModel(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (model: string | null) => chatApi.chooseModel(conversationId, model),
    onSuccess: (answer) => queryClient.setQueryData(chatKeys.conversationModel(conversationId), answer),
  });
}
