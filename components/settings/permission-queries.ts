"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/toast";
import { apiFetch, errorMessage } from "@/lib/client/api";
import type { PermissionsPage } from "@/lib/schemas/permissions";

/** One query for the Permissions page and the cards that offer a request's approval. */
export const permissionsKey = (slug: string) => ["org", slug, "permissions"];

export const usePermissions = (slug: string) =>
  useQuery({ queryKey: permissionsKey(slug), queryFn: () => apiFetch<PermissionsPage>(`/api/orgs/${slug}/permissions`) });

/** Approve or decline a member's request; a 409 (someone decided first) says so and refreshes. */
export function useDecideRequest(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: "approve" | "decline" }) =>
      apiFetch(`/api/orgs/${slug}/permissions/requests/${id}`, { method: "POST", body: { decision } }),
    onSuccess: (_data, { decision }) => {
      toast.success(decision === "approve" ? "Approved: the tool now runs for everyone without asking." : "Request declined.");
    },
    onError: (error) => toast.error(errorMessage(error, "The request could not be decided. Try again.")),
    onSettled: () => client.invalidateQueries({ queryKey: permissionsKey(slug) }),
  });
}

export function useRevokeGrant(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/orgs/${slug}/permissions/${id}`, { method: "DELETE" }),
    onSuccess: () => toast.success("Revoked. The next call asks again."),
    onError: (error) => toast.error(errorMessage(error, "It could not be revoked. Try again.")),
    onSettled: () => client.invalidateQueries({ queryKey: permissionsKey(slug) }),
  });
}
