"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SubmissionFilters, SubmissionStatus } from "@/lib/schemas/form-submissions";
import { submissionApi, submissionKeys } from "./submission-api";

/** A form's submissions under `filters`, page by page ("Load more"). */
export function useSubmissions(slug: string, formId: string, filters: SubmissionFilters) {
  return useInfiniteQuery({
    queryKey: submissionKeys.list(slug, formId, filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => submissionApi.page(slug, formId, filters, pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useSubmission(slug: string, formId: string, id: string) {
  return useQuery({
    queryKey: submissionKeys.detail(slug, formId, id),
    queryFn: ({ signal }) => submissionApi.detail(slug, formId, id, signal),
  });
}

/** Marks a submission new or processed; the lists and the detail read it again. */
export function useSetSubmissionStatus(slug: string, formId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: SubmissionStatus) => submissionApi.setStatus(slug, formId, id, status),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: submissionKeys.all(slug, formId) }),
  });
}
