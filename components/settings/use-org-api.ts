"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/toast";
import { apiFetch, errorMessage } from "@/lib/client/api";
import type { RoleName } from "@/lib/schemas/account";
import type { Invite, Member, MembersResponse } from "@/lib/schemas/team";

export type { Invite, Member };

const keys = {
  members: (slug: string) => ["org", slug, "members"] as const,
  invites: (slug: string) => ["org", slug, "invites"] as const,
};

export function useMembers(slug: string) {
  return useQuery({ queryKey: keys.members(slug), queryFn: () => apiFetch<MembersResponse>(`/api/orgs/${slug}/members`) });
}

export function useInvites(slug: string) {
  return useQuery({ queryKey: keys.invites(slug), queryFn: () => apiFetch<{ invites: Invite[] }>(`/api/orgs/${slug}/invites`) });
}

const showError = (error: unknown) => toast.error(errorMessage(error, "Something went wrong. Try again."));

export function useOrgMutations(slug: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ["org", slug] });
  return {
    invite: useMutation({
      mutationFn: (input: { email: string; role: RoleName }) =>
        apiFetch<{ invite: Invite; link: string }>(`/api/orgs/${slug}/invites`, { body: input }),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: (id: string) => apiFetch(`/api/orgs/${slug}/invites/${id}`, { method: "DELETE" }),
      onSuccess: () => {
        toast.success("Invite revoked.");
        return refresh();
      },
      onError: showError,
    }),
    changeRole: useMutation({
      mutationFn: (input: { userId: string; role: RoleName }) =>
        apiFetch(`/api/orgs/${slug}/members/${input.userId}`, { method: "PATCH", body: { role: input.role } }),
      onSuccess: () => {
        toast.success("Role updated.");
        return refresh();
      },
      onError: (error) => {
        showError(error);
        return refresh();
      },
    }),
    remove: useMutation({
      mutationFn: (userId: string) => apiFetch<{ left: boolean }>(`/api/orgs/${slug}/members/${userId}`, { method: "DELETE" }),
      onError: showError,
    }),
  };
}
