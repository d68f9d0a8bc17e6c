import type { SlotRecord } from "@/lib/agent/store-adapter";
import type { AgentSettingsInput, AgentSettingsResponse } from "@/lib/schemas/agent-settings";
import type { ConversationModelResponse } from "@/lib/schemas/conversation-model";
import type { ConversationPage, ConversationResponse, ConversationSnapshot, SlotAnswerResponse } from "@/lib/schemas/conversation";
import { apiFetch } from "./api";
import type { ChatEvent } from "./chat-event";
import { postMaybeStreaming } from "./sse-client";

/** The chat routes, one function each: the only place that knows their paths. */

const conversationsPath = (orgSlug: string) => `/api/conversations?org=${encodeURIComponent(orgSlug)}`;
const conversationPath = (id: string) => `/api/conversations/${encodeURIComponent(id)}`;
const slotPath = (id: string) => `/api/slots/${encodeURIComponent(id)}`;

export const chatApi = {
  listConversations: (orgSlug: string, params: { q?: string; cursor?: string | null }, signal?: AbortSignal) => {
    const query = new URLSearchParams();
    if (params.q) query.set("q", params.q);
    if (params.cursor) query.set("cursor", params.cursor);
    const extra = query.size > 0 ? `&${query}` : "";
    return apiFetch<ConversationPage>(`${conversationsPath(orgSlug)}${extra}`, { signal });
  },
  /** A conversation created with its first message, whose run the server has started (one request). */
  startConversation: async (orgSlug: string, message: { text: string; attachment_ids?: string[] }, options: { temporary?: boolean } = {}) =>
    (
      await apiFetch<ConversationResponse>(conversationsPath(orgSlug), {
        body: { message, ...(options.temporary && { temporary: true }) },
      })
    ).conversation,
  conversationModel: (id: string, signal?: AbortSignal) => apiFetch<ConversationModelResponse>(`${conversationPath(id)}/model`, { signal }),
  chooseModel: (id: string, model: string | null) =>
    apiFetch<ConversationModelResponse>(`${conversationPath(id)}/model`, { method: "PUT", body: { model } }),
  renameConversation: (id: string, title: string) => apiFetch(conversationPath(id), { method: "PATCH", body: { title } }),
  deleteConversation: (id: string) => apiFetch(conversationPath(id), { method: "DELETE" }),
  restoreConversation: (id: string) => apiFetch<ConversationResponse>(`${conversationPath(id)}/restore`, { body: {} }),
  /** The newest page, or with `before` (an `earlierCursor`) the page before it. */
  snapshot: (id: string, signal?: AbortSignal, before?: string) =>
    apiFetch<ConversationSnapshot>(`${conversationPath(id)}${before ? `?before=${encodeURIComponent(before)}` : ""}`, { signal }),
  eventsPath: (id: string) => `${conversationPath(id)}/events`,
  sendMessage: (id: string, text: string, onEvent: (event: ChatEvent) => void, attachmentIds: string[] = []) =>
    postMaybeStreaming(
      `${conversationPath(id)}/messages`,
      attachmentIds.length ? { text, attachment_ids: attachmentIds } : { text },
      onEvent,
    ),
  abort: (id: string, shownChars?: number) =>
    apiFetch(`${conversationPath(id)}/abort`, { body: shownChars === undefined ? {} : { shown_chars: shownChars } }),
  retry: (id: string, onEvent: (event: ChatEvent) => void) => postMaybeStreaming(`${conversationPath(id)}/retry`, {}, onEvent),
  resolveSlot: (slotId: string, value: unknown, onEvent: (event: ChatEvent) => void) =>
    postMaybeStreaming<SlotAnswerResponse>(`${slotPath(slotId)}/resolve`, { value }, onEvent),
  rejectSlot: (slotId: string, reason: string | undefined, onEvent: (event: ChatEvent) => void) =>
    postMaybeStreaming<SlotAnswerResponse>(`${slotPath(slotId)}/reject`, reason ? { reason } : {}, onEvent),
  agentSettings: async (orgSlug: string, signal?: AbortSignal) =>
    (await apiFetch<AgentSettingsResponse>(`/api/orgs/${encodeURIComponent(orgSlug)}/agent`, { signal })).settings,
  saveAgentSettings: async (orgSlug: string, input: AgentSettingsInput) =>
    (await apiFetch<AgentSettingsResponse>(`/api/orgs/${encodeURIComponent(orgSlug)}/agent`, { method: "PUT", body: input })).settings,
};

/** The slot as someone else settled it, when a route answered 409 with it in the details. */
export function slotFromConflict(details: unknown): SlotRecord | null {
  const slot = (details as { slot?: unknown } | null | undefined)?.slot;
  return slot && typeof slot === "object" && "id" in slot && "status" in slot ? (slot as SlotRecord) : null;
}

export const chatKeys = {
  all: ["chat"] as const,
  conversations: (orgSlug: string) => ["chat", orgSlug, "conversations"] as const,
  conversationList: (orgSlug: string, q: string) => ["chat", orgSlug, "conversations", q] as const,
  conversation: (id: string) => ["chat", "conversation", id] as const,
  conversationModel: (id: string) => ["chat", "conversation", id, "model"] as const,
  agentSettings: (orgSlug: string) => ["chat", orgSlug, "agent-settings"] as const,
};
