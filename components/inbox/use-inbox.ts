"use client";

import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { InboxItemDetail } from "@/lib/schemas/inbox-page";
import type { V1InboxItem, V1InboxPage } from "@/lib/schemas/v1-inbox";

/** The inbox page's filters, as the list route's query parameters name them. */
export interface InboxFilters {
  status?: string;
  tag?: string;
  conversation_id?: string;
  correlation_key?: string;
  older_than_minutes?: string;
}

export const inboxKeys = { all: (slug: string) => ["org", slug, "inbox"] as const };

const queryString = (filters: InboxFilters, cursor: string | null) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (cursor) params.set("cursor", cursor);
  return params.toString();
};

/** The organization's items, newest first, one page per "Load more". */
export function useInboxItems(slug: string, filters: InboxFilters) {
  return useInfiniteQuery({
    queryKey: [...inboxKeys.all(slug), "list", filters],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => apiFetch<V1InboxPage>(`/api/orgs/${slug}/inbox?${queryString(filters, pageParam)}`, { signal }),
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** The item's capability link (computed by the server, signed; nothing is stored). */
export const fetchCapabilityUrl = async (slug: string, publicId: string) =>
  (await apiFetch<InboxItemDetail>(`/api/orgs/${slug}/inbox/${publicId}`)).capability_url;

export function useCancelInboxItem(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { publicId: string; reason?: string }) =>
      apiFetch<{ item: V1InboxItem }>(`/api/orgs/${slug}/inbox/${input.publicId}/cancel`, {
        body: input.reason ? { reason: input.reason } : {},
      }),
    onSettled: () => client.invalidateQueries({ queryKey: inboxKeys.all(slug) }),
  });
}
