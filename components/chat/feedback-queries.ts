"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/toast";
import { apiFetch, errorMessage } from "@/lib/client/api";
import type { FeedbackInput, MessageFeedback } from "@/lib/schemas/feedback";

const myFeedbackKey = (conversationId: string) => ["conversation", conversationId, "feedback"] as const;

/** The person's own feedback in the conversation, by message id: one query for every message's actions. */
export function useMyFeedback(conversationId: string | undefined) {
  return useQuery({
    queryKey: myFeedbackKey(conversationId ?? ""),
    queryFn: () => apiFetch<{ feedback: MessageFeedback[] }>(`/api/conversations/${conversationId}/feedback`),
    enabled: Boolean(conversationId),
    select: (data) => new Map(data.feedback.map((feedback) => [feedback.messageId, feedback])),
    staleTime: Infinity,
  });
}

/** Rate a message (`input`) or take the rating back (`null`); the list is updated from the answer, no refetch. */
export function useSetFeedback(conversationId: string, messageId: string) {
  const client = useQueryClient();
  const path = `/api/conversations/${conversationId}/messages/${encodeURIComponent(messageId)}/feedback`;
  return useMutation({
    mutationFn: async (input: FeedbackInput | null) =>
      input ? apiFetch<MessageFeedback>(path, { method: "PUT", body: input }) : apiFetch<null>(path, { method: "DELETE" }),
    onSuccess: (saved) => {
      client.setQueryData<{ feedback: MessageFeedback[] }>(myFeedbackKey(conversationId), (data) => ({
        feedback: [...(data?.feedback ?? []).filter((feedback) => feedback.messageId !== messageId), ...(saved ? [saved] : [])],
      }));
      toast.success(saved ? "Thanks: your feedback was sent." : "Feedback removed.");
    },
    onError: (error) => toast.error(errorMessage(error, "Your feedback was not saved. Try again.")),
  });
}
