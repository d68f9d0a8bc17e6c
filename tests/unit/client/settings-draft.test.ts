import { describe, expect, it } from "vitest";
import { draftFrom, toInput } from "@/components/agent-settings/settings-draft";
import { agentSettingsInputSchema, type AgentSettingsView } from "@/lib/schemas/agent-settings";

const view: AgentSettingsView = {
  name: "Assistant",
  systemPrompt: "Be brief.",
  model: { provider: "anthropic", model: "claude-x", fallbacks: [], thinking: "off", maxTokens: 4096 },
  enabledTools: ["send_email"],
  enabledForms: ["expense-claim"],
  allowedModels: ["claude-y"],
  availableForms: [{ key: "expense-claim", name: "Expense claim" }],
  permissionPolicy: {},
  slotTtlMinutes: null,
  requestTokenBudget: null,
  providerKeySet: true,
  environmentKeySet: false,
  usingDemoModel: false,
  notices: [],
  availableTools: [{ name: "send_email", description: "Send", requiresPermission: true }],
};

describe("agent settings form", () => {
  it("leaves the stored key alone unless one is typed or removal is asked for", () => {
    const draft = draftFrom(view);
    expect(toInput(draft, view)).not.toHaveProperty("providerApiKey");
    expect(toInput({ ...draft, providerApiKey: " sk-new " }, view).providerApiKey).toBe("sk-new");
    expect(toInput({ ...draft, providerApiKey: "sk-new", clearKey: true }, view).providerApiKey).toBe("");
  });

  it("keeps model settings the page does not edit and reads the expiry as minutes or never", () => {
    const input = toInput({ ...draftFrom(view), slotTtlMinutes: "30" }, view);
    expect(input.model).toMatchObject({ provider: "anthropic", model: "claude-x", maxTokens: 4096 });
    expect(input.slotTtlMinutes).toBe(30);
    expect(toInput(draftFrom(view), view).slotTtlMinutes).toBeNull();
    expect(agentSettingsInputSchema.safeParse(input).success).toBe(true);
  });

  it("reads the request budget as effective tokens or the default, within the server's range", () => {
    expect(toInput(draftFrom(view), view).requestTokenBudget).toBeNull();
    const input = toInput({ ...draftFrom(view), requestTokenBudget: " 250000 " }, view);
    expect(input.requestTokenBudget).toBe(250_000);
    expect(agentSettingsInputSchema.safeParse(input).success).toBe(true);
    expect(draftFrom({ ...view, requestTokenBudget: 250_000 }).requestTokenBudget).toBe("250000");
    const tooSmall = agentSettingsInputSchema.safeParse(toInput({ ...draftFrom(view), requestTokenBudget: "10" }, view));
    expect(tooSmall.error?.issues.map((issue) => issue.message)).toEqual(["The budget must be at least 1,000 effective tokens."]);
  });

  it("sends the enabled forms back as the draft holds them", () => {
    expect(toInput(draftFrom(view), view).enabledForms).toEqual(["expense-claim"]);
    expect(toInput({ ...draftFrom(view), enabledForms: [] }, view).enabledForms).toEqual([]);
  });

  it("a provider other than the demo needs a model, as the server says", () => {
    const parsed = agentSettingsInputSchema.safeParse(toInput({ ...draftFrom(view), model: "" }, view));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join("."))).toContain("model.model");
  });

  it("reads the models people may choose as ids separated by commas or lines", () => {
    expect(draftFrom(view).allowedModels).toBe("claude-y");
    const input = toInput({ ...draftFrom(view), allowedModels: " claude-y,\nclaude-z , ,\n" }, view);
    expect(input.allowedModels).toEqual(["claude-y", "claude-z"]);
    expect(agentSettingsInputSchema.safeParse(input).success).toBe(true);
  });
});
