import { describe, expect, it } from "vitest";
import type { ModelAdapter, ModelCapabilities } from "@/lib/agent/model-adapter";
import { refuseUnreadableImages } from "@/lib/server/runs/refuse-unreadable-images";

const model = (capabilities?: Partial<ModelCapabilities>): ModelAdapter => ({
  name: "openai-compatible:llama3.2",
  ...(capabilities && {
    capabilities: { context_window: 1000, max_output_tokens: 100, images: true, tools: true, reasoning: false, ...capabilities },
  }),
  setSystemPrompt: () => undefined,
  prompt: async () => ({ messages: [], tokens_in: 0, tokens_out: 0 }),
});

describe("files a model cannot read are refused before the call", () => {
  it("a PDF for a model that does not read PDFs is a 422 naming the model", () => {
    expect(() => refuseUnreadableImages(model({ pdfs: false }), 0, 1)).toThrow(
      expect.objectContaining({
        status: 422,
        code: "model_cannot_read_pdfs",
        message: expect.stringContaining("llama3.2 cannot read PDFs"),
      }),
    );
    expect(() => refuseUnreadableImages(model({}), 0, 1)).toThrow(expect.objectContaining({ code: "model_cannot_read_pdfs" }));
  });

  it("an image for a model without images is refused; a model that reads both, or does not describe itself, is not", () => {
    expect(() => refuseUnreadableImages(model({ images: false }), 1)).toThrow(
      expect.objectContaining({ code: "model_cannot_read_images" }),
    );
    expect(() => refuseUnreadableImages(model({ pdfs: true }), 2, 1)).not.toThrow();
    expect(() => refuseUnreadableImages(model(), 1, 1)).not.toThrow();
  });
});
