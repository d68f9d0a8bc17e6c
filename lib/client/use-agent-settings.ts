"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AgentSettingsInput } from "@/lib/schemas/agent-settings";
import { chatApi, chatKeys } from "./chat-api";

export function useAgentSettings(orgSlug: string) {
  return useQuery({
    queryKey: chatKeys.agentSettings(orgSlug),
    queryFn: ({ signal }) => chatApi.agentSettings(orgSlug, signal),
    staleTime: 60_000,
  });
}

export function useSaveAgentSettings(orgSlug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AgentSettingsInput) => chatApi.saveAgentSettings(orgSlug, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.agentSettings(orgSlug) }),
  });
}
