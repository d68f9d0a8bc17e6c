"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { SearchPage } from "@/lib/schemas/search";

/** The organization's messages matching `q`, one page per "More results"; idle while `q` is empty. */
export function useMessageSearch(slug: string, q: string) {
  return useInfiniteQuery({
    queryKey: ["org", slug, "search", q],
    enabled: q.length > 0,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<SearchPage>(`/api/orgs/${slug}/search?${new URLSearchParams({ q, offset: String(pageParam) })}`, { signal }),
    getNextPageParam: (last) => last.nextOffset,
  });
}
