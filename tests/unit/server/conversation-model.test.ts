import { describe, expect, it } from "vitest";
import { modelChoices, withConversationModel } from "@/lib/server/agent/conversation-model";
import { DEFAULT_AGENT_SETTINGS } from "@/lib/server/agent/defaults";
import type { TenantAgentConfig } from "@/lib/server/agent/settings";

const agent = (allowedModels: string[], model = "gpt-main"): TenantAgentConfig => ({
  ...DEFAULT_AGENT_SETTINGS,
  model: {
    provider: "openai-compatible",
    model,
    baseURL: "http://models.test/v1",
    fallbacks: [{ provider: "openai", model: "gpt-backup" }],
    thinking: "off",
  },
  allowedModels,
  providerKey: null,
  notices: [],
});

describe("a conversation's model choice", () => {
  it("offers the agent's model first, then the allowed ones; nothing for the demo model", () => {
    expect(modelChoices(agent([]))).toEqual(["gpt-main"]);
    expect(modelChoices(agent(["gpt-mini", "gpt-main"]))).toEqual(["gpt-main", "gpt-mini"]);
    expect(modelChoices({ ...DEFAULT_AGENT_SETTINGS, allowedModels: ["gpt-mini"] })).toEqual([]);
  });

  it("uses the chosen model while it is allowed, and keeps the admin's fallbacks", () => {
    const chosen = withConversationModel(agent(["gpt-mini"]), "gpt-mini");
    expect(chosen.model).toMatchObject({ model: "gpt-mini", baseURL: "http://models.test/v1", fallbacks: [{ model: "gpt-backup" }] });
  });

  it("falls back to the agent's model when nothing is chosen or the choice is no longer allowed", () => {
    const settings = agent(["gpt-mini"]);
    expect(withConversationModel(settings, null)).toBe(settings);
    expect(withConversationModel(agent([]), "gpt-mini").model.model).toBe("gpt-main");
  });
});
