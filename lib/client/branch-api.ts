import type { ConversationResponse } from "@/lib/schemas/conversation";
import { apiFetch } from "./api";
import type { ChatEvent } from "./chat-event";
import { postMaybeStreaming } from "./sse-client";

/** The branch routes (edit, regenerate, switch, branch out), one function each. */
const messagePath = (conversationId: string, messageId: string) =>
  `/api/conversations/${encodeURIComponent(conversationId)}/messages/${encodeURIComponent(messageId)}`;

export const branchApi = {
  edit: (conversationId: string, messageId: string, text: string, onEvent: (event: ChatEvent) => void) =>
    postMaybeStreaming(`${messagePath(conversationId, messageId)}/edit`, { text }, onEvent),
  regenerate: (conversationId: string, messageId: string, onEvent: (event: ChatEvent) => void) =>
    postMaybeStreaming(`${messagePath(conversationId, messageId)}/regenerate`, {}, onEvent),
  switchTo: (conversationId: string, messageId: string) =>
    apiFetch(`/api/conversations/${encodeURIComponent(conversationId)}/branch`, { method: "PUT", body: { message_id: messageId } }),
  branchOut: async (conversationId: string, messageId: string) =>
    (await apiFetch<ConversationResponse>(`${messagePath(conversationId, messageId)}/branch-out`, { body: {} })).conversation,
};
