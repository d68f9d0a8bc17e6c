import { describe, expect, it } from "vitest";
import { extrasDraftFrom, withModelExtras } from "@/components/agent-settings/model-extras-draft";
import type { ModelConfig } from "@/lib/models/model-config";
import { agentSettingsInputSchema, type AgentSettingsInput } from "@/lib/schemas/agent-settings";

const compatible: ModelConfig = {
  provider: "openai-compatible",
  model: "qwen2.5",
  baseURL: "http://127.0.0.1:11434/v1",
  fallbacks: [],
  thinking: "off",
  capabilities: { context_window: 131_072, images: true },
  light: { provider: "openai", model: "gpt-4o-mini" },
  routingThreshold: 0.5,
};
const input = (model: ModelConfig): AgentSettingsInput => ({ name: "Agent", enabledTools: [], model });

describe("the model section's extras", () => {
  it("reads the stated capabilities and the light model, and sends them back as the schema takes them", () => {
    const draft = extrasDraftFrom(compatible);
    expect(draft).toMatchObject({ contextWindow: "131072", maxOutputTokens: "", images: true, tools: true, lightModel: "gpt-4o-mini" });

    const body = withModelExtras(input(compatible), { ...draft, maxOutputTokens: "4096" });
    expect(body.model).toMatchObject({
      capabilities: { context_window: 131_072, max_output_tokens: 4096, images: true, tools: true, reasoning: false },
      light: { provider: "openai", model: "gpt-4o-mini", baseURL: "" },
      routingThreshold: 0.5,
    });
    expect(agentSettingsInputSchema.parse(body).model.light).toEqual({ provider: "openai", model: "gpt-4o-mini" });
  });

  it("drops stated capabilities for another provider, and the light model when none is chosen", () => {
    const body = withModelExtras(input({ ...compatible, provider: "anthropic", model: "claude-sonnet-4-5" }), {
      ...extrasDraftFrom(compatible),
      lightProvider: "",
    });
    expect(body.model).not.toHaveProperty("capabilities");
    expect(body.model).not.toHaveProperty("light");
    expect(body.model).not.toHaveProperty("routingThreshold");
  });

  it("a threshold outside 0..1 and a light model without an id are refused where the form shows them", () => {
    const body = withModelExtras(input(compatible), { ...extrasDraftFrom(compatible), routingThreshold: "2", lightModel: "" });
    const paths = agentSettingsInputSchema.safeParse(body).error?.issues.map((issue) => issue.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["model.routingThreshold", "model.light.model"]));
  });
});
