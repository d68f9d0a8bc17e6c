"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { StoredFormInput } from "@/lib/forms/stored-form";
import { formKeys, formsApi } from "./forms-api";
import type { FormDetail } from "./types";

export function useForms(slug: string) {
  return useQuery({ queryKey: formKeys.list(slug), queryFn: ({ signal }) => formsApi.list(slug, signal) });
}

export function useFormDetail(slug: string, formId: string) {
  return useQuery({ queryKey: formKeys.detail(slug, formId), queryFn: ({ signal }) => formsApi.get(slug, formId, signal) });
}

/** An older version, read-only: versions never change, so it is fetched once. */
export function useFormVersion(slug: string, formId: string, version: number | null) {
  return useQuery({
    queryKey: formKeys.version(slug, formId, version ?? 0),
    queryFn: ({ signal }) => formsApi.version(slug, formId, version!, signal),
    enabled: version !== null,
    staleTime: Infinity,
  });
}

/**
 * The server's checks for a draft (the same as on save). `definitionJson` is the draft as sent, so a
 * result always belongs to the draft it names; the caller debounces it. The previous answer stays
 * while the next one is on its way, so the problems do not flicker while typing.
 */
export function useFormCheck(slug: string, definitionJson: string | null) {
  return useQuery({
    queryKey: formKeys.check(slug, definitionJson ?? ""),
    queryFn: ({ signal }) => formsApi.check(slug, JSON.parse(definitionJson!) as StoredFormInput, signal),
    enabled: definitionJson !== null,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });
}

export function useFormMutations(slug: string) {
  const client = useQueryClient();
  // The saved form is the new detail; the list's counts and dates change with it.
  const stored = (form: FormDetail) => {
    client.setQueryData(formKeys.detail(slug, form.id), form);
    return client.invalidateQueries({ queryKey: formKeys.list(slug) });
  };
  return {
    create: useMutation({ mutationFn: (definition: StoredFormInput) => formsApi.create(slug, definition), onSuccess: stored }),
    update: useMutation({
      mutationFn: (input: { formId: string; definition: StoredFormInput; baseVersion: number }) =>
        formsApi.update(slug, input.formId, input.definition, input.baseVersion),
      onSuccess: stored,
    }),
    import: useMutation({ mutationFn: (document: unknown) => formsApi.import(slug, document), onSuccess: stored }),
    archive: useMutation({ mutationFn: (formId: string) => formsApi.archive(slug, formId), onSuccess: stored }),
  };
}
