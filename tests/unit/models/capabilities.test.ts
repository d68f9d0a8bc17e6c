import { describe, expect, test } from "vitest";
import { DEMO_CAPABILITIES, capabilitiesFor, knownCapabilities } from "@/lib/models/capabilities";
import { DEFAULT_CAPABILITIES } from "@/lib/models/model-config";
import { buildModel } from "@/lib/models/registry";

describe("the known-models table", () => {
  test("knows each provider's models, with their windows and output limits", () => {
    expect(capabilitiesFor("anthropic", "claude-sonnet-4-5")).toEqual({
      context_window: 200_000,
      max_output_tokens: 64_000,
      images: true,
      pdfs: true,
      tools: true,
      reasoning: true,
    });
    expect(capabilitiesFor("openai", "gpt-4o")).toMatchObject({ context_window: 128_000, max_output_tokens: 16_384, reasoning: false });
    expect(capabilitiesFor("openai", "gpt-4.1")).toMatchObject({ context_window: 1_047_576 });
    expect(capabilitiesFor("google", "gemini-2.5-pro")).toMatchObject({ context_window: 1_048_576, reasoning: true });
    expect(capabilitiesFor("anthropic-ai-sdk", "claude-haiku-4-5")).toEqual(capabilitiesFor("anthropic", "claude-haiku-4-5"));
  });

  test("a dated snapshot is its model; the longest entry wins, so a mini is not its big sibling", () => {
    expect(knownCapabilities("anthropic", "claude-sonnet-4-5-20250929")).toEqual(knownCapabilities("anthropic", "claude-sonnet-4-5"));
    expect(knownCapabilities("openai", "o3-mini-2025-01-31")).toMatchObject({ images: false });
    expect(knownCapabilities("openai", "o3-2025-04-16")).toMatchObject({ images: true });
    expect(knownCapabilities("openai", "gpt-4omni")).toBeUndefined();
  });

  test("an unknown id gets the conservative default; what the admin states wins over both", () => {
    expect(capabilitiesFor("openai-compatible", "llama3.2")).toEqual(DEFAULT_CAPABILITIES);
    expect(DEFAULT_CAPABILITIES).toMatchObject({ context_window: 32_768, images: false });
    expect(capabilitiesFor("openai-compatible", "llava", { images: true, context_window: 8192 })).toEqual({
      ...DEFAULT_CAPABILITIES,
      images: true,
      context_window: 8192,
    });
    expect(capabilitiesFor("openai", "gpt-4o", { images: false })).toMatchObject({ images: false, context_window: 128_000 });
  });

  test("every built model describes itself: the primary's own, the demo's, the admin's for a compatible server", () => {
    const env = { ANTHROPIC_API_KEY: "sk-ant", OPENAI_API_KEY: "sk-openai" };
    expect(buildModel({ provider: "anthropic", model: "claude-opus-4-5" }, { env }).model.capabilities).toMatchObject({
      context_window: 200_000,
      max_output_tokens: 64_000,
    });
    expect(buildModel({ provider: "openai", model: "gpt-4o-mini" }, { env }).model.capabilities).toMatchObject({ context_window: 128_000 });
    expect(buildModel({ provider: "demo" }).model.capabilities).toEqual(DEMO_CAPABILITIES);
    const compatible = buildModel({
      provider: "openai-compatible",
      model: "qwen2.5",
      baseURL: "http://127.0.0.1:11434/v1",
      capabilities: { context_window: 131_072, images: true },
    });
    expect(compatible.model.capabilities).toEqual({ ...DEFAULT_CAPABILITIES, context_window: 131_072, images: true });
  });
});
