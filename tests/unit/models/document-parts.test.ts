import { describe, expect, it } from "vitest";
import type { Message } from "@/lib/agent/messages";
import { toModelMessages } from "@/lib/models/ai-sdk-messages";
import { toAnthropicMessages } from "@/lib/models/anthropic-messages";
import { capabilitiesFor } from "@/lib/models/capabilities";

const message: Message = {
  sender: "user",
  text: "Summarize this",
  documents: [{ media_type: "application/pdf", data: "JVBERi0=", name: "report.pdf" }],
};

describe("a PDF in the adapters", () => {
  it("is an Anthropic document block, before the text", () => {
    const [turn] = toAnthropicMessages([message]);
    expect(turn.content).toEqual([
      { type: "document", source: { type: "base64", media_type: "application/pdf", data: "JVBERi0=" }, title: "report.pdf" },
      expect.objectContaining({ type: "text", text: "Summarize this" }),
    ]);
  });

  it("is an AI SDK file part with its name", () => {
    expect(toModelMessages([message])).toEqual([
      {
        role: "user",
        content: [
          { type: "file", data: "JVBERi0=", mediaType: "application/pdf", filename: "report.pdf" },
          { type: "text", text: "Summarize this" },
        ],
      },
    ]);
  });
});

describe("which models read PDFs", () => {
  it("Claude, GPT-4o and Gemini do; an unknown model does not unless the admin says so", () => {
    expect(capabilitiesFor("anthropic", "claude-sonnet-4-5").pdfs).toBe(true);
    expect(capabilitiesFor("openai", "gpt-4o").pdfs).toBe(true);
    expect(capabilitiesFor("google", "gemini-2.5-flash").pdfs).toBe(true);
    expect(capabilitiesFor("openai-compatible", "llama3.2").pdfs).toBe(false);
    expect(capabilitiesFor("openai-compatible", "llama3.2", { pdfs: true }).pdfs).toBe(true);
  });
});
