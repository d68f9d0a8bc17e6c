import { describe, expect, test } from "vitest";
import type { Message } from "@/lib/agent/messages";
import type { ModelCapabilities } from "@/lib/agent/model-adapter";
import { ScriptedModel } from "@/lib/models/testing";
import { buildModel } from "@/lib/models/registry";
import { withRouting } from "@/lib/models/routed-model";
import { estimateTokens, routingFeatures, routingScore, type RoutingFeatures } from "@/lib/models/routing-score";
import { EMAIL_TOOL, PIXEL_PNG, recordEvents } from "./conversation-fixtures";

const NOTHING: RoutingFeatures = { tokenEstimate: 0, codeBlocks: 0, recentToolCalls: 0, depth: 1, attachments: false };
const say = (text: string, extra: Partial<Message> = {}): Message => ({ sender: "user", text, ...extra });

describe("the routing score (PicoClaw's structural rules)", () => {
  test("each signal adds its weight; the sum is capped at 1", () => {
    expect(routingScore(NOTHING)).toBe(0);
    expect(routingScore({ ...NOTHING, tokenEstimate: 51 })).toBe(0.15);
    expect(routingScore({ ...NOTHING, tokenEstimate: 201 })).toBe(0.35);
    expect(routingScore({ ...NOTHING, codeBlocks: 1 })).toBe(0.4);
    expect(routingScore({ ...NOTHING, recentToolCalls: 1 })).toBe(0.1);
    expect(routingScore({ ...NOTHING, recentToolCalls: 4 })).toBe(0.25);
    expect(routingScore({ ...NOTHING, depth: 11 })).toBe(0.1);
    expect(routingScore({ tokenEstimate: 500, codeBlocks: 2, recentToolCalls: 5, depth: 20, attachments: false })).toBe(1);
  });

  test("an attachment forces the heavy model", () => {
    expect(routingScore({ ...NOTHING, attachments: true })).toBe(1);
  });

  test("features come from the person's latest message and the recent history", () => {
    const messages: Message[] = [
      say("Earlier question"),
      { sender: "agent", text: "", tool_calls: [{ id: "a", tool_name: "x", input_args: {} }] },
      { sender: "user", text: "", tool_results: [{ call_id: "a", tool_name: "x", result: { status: "success", data: 1 } }] },
      say("Fix this:\n```js\nlet a = 1\n```", { images: [{ media_type: "image/png", data: PIXEL_PNG }] }),
      { sender: "agent", text: "", tool_calls: [{ id: "b", tool_name: "y", input_args: {} }] },
      { sender: "user", text: "", tool_results: [{ call_id: "b", tool_name: "y", result: { status: "success", data: 2 } }] },
      say("open forms: none", { is_context_note: true }),
    ];
    expect(routingFeatures(messages)).toEqual({ tokenEstimate: 8, codeBlocks: 1, recentToolCalls: 2, depth: 6, attachments: true });
  });

  test("CJK text counts one token a character", () => {
    expect(estimateTokens("你好世界")).toBe(4);
    expect(estimateTokens("abcdefgh")).toBe(2);
  });
});

const TEXT_ONLY: ModelCapabilities = { context_window: 8192, max_output_tokens: 1024, images: false, tools: true, reasoning: false };

function models(lightCapabilities?: ModelCapabilities) {
  const heavy = new ScriptedModel([{ text: "heavy" }, { text: "heavy" }], { name: "anthropic:heavy" });
  const light = Object.assign(new ScriptedModel([{ text: "light" }, { text: "light" }], { name: "anthropic:light" }), {
    capabilities: lightCapabilities,
  });
  return { heavy, light, routed: withRouting(heavy, light, 0.35) };
}

describe("the routing adapter", () => {
  test("a simple request goes to the light model; the event and the message say so", async () => {
    const { heavy, light, routed } = models();
    const { events, notify } = recordEvents();

    const result = await routed.prompt({ messages: [say("Hi there")] }, notify);

    expect(light.requests).toHaveLength(1);
    expect(heavy.requests).toHaveLength(0);
    const decision = { model: "anthropic:light", tier: "light", score: 0, threshold: 0.35 };
    expect(events.find((event) => event.name === "model_routed")?.data).toEqual(decision);
    expect(result.model).toBe("anthropic:light");
    expect(result.messages[0].routed).toEqual(decision);
    expect(routed.name).toBe("anthropic:heavy");
  });

  test("a request with a code block goes to the heavy model", async () => {
    const { heavy, light, routed } = models();
    const { events, notify } = recordEvents();

    const result = await routed.prompt({ messages: [say("Why?\n```\nboom()\n```")] }, notify);

    expect(heavy.requests).toHaveLength(1);
    expect(light.requests).toHaveLength(0);
    expect(events.find((event) => event.name === "model_routed")?.data).toMatchObject({ tier: "heavy", score: 0.4 });
    expect(result.model).toBe("anthropic:heavy");
  });

  test("what the light model cannot take goes heavy, whatever it scores", async () => {
    const tools = models({ ...TEXT_ONLY, tools: false });
    await tools.routed.prompt({ messages: [say("Email Ada")], tools: [EMAIL_TOOL] }, () => {});
    expect(tools.heavy.requests).toHaveLength(1);

    const long = models(TEXT_ONLY);
    const history = Array.from({ length: 8 }, (_, i) => say(`${i} ${"word ".repeat(800)}`));
    await long.routed.prompt({ messages: [...history, say("ok?")] }, () => {});
    expect(long.heavy.requests).toHaveLength(1);
  });

  test("buildModel routes when a light model is set, and describes the heavy model", async () => {
    const env = { ANTHROPIC_API_KEY: "sk-ant" };
    const built = buildModel(
      { provider: "anthropic", model: "claude-sonnet-4-5", light: { provider: "demo" }, routingThreshold: 0.5 },
      { env, demo: { wordDelayMs: 0 } },
    );
    const { events, notify } = recordEvents();

    const result = await built.model.prompt({ messages: [say("Hi")] }, notify);

    expect(result.model).toBe("demo");
    expect(events.find((event) => event.name === "model_routed")?.data).toEqual({ model: "demo", tier: "light", score: 0, threshold: 0.5 });
    expect(built.model.capabilities?.context_window).toBe(200_000);
  });

  test("a light model without a key is left out with a notice", () => {
    const built = buildModel(
      { provider: "anthropic", model: "claude-sonnet-4-5", apiKey: "sk-team", light: { provider: "openai", model: "gpt-4o-mini" } },
      { env: {} },
    );
    expect(built.notices).toEqual([
      "The light model openai:gpt-4o-mini is skipped, so every request goes to the main model. No OpenAI API key is set. Set OPENAI_API_KEY on the server or add a key in agent settings.",
    ]);
  });
});
