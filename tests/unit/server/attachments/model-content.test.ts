import { describe, expect, it } from "vitest";
import type { Message } from "@/lib/agent/messages";
import type { ModelAdapter, PromptRequest } from "@/lib/agent/model-adapter";
import { textFileBlock, withAttachmentContent, withAttachmentContents } from "@/lib/server/attachments/model-content";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const PDF = Buffer.from("%PDF-1.7\n");

const files = new Map([
  ["img", { mediaType: "image/png", bytes: new Uint8Array(PNG) }],
  ["doc", { mediaType: "application/pdf", bytes: new Uint8Array(PDF) }],
  ["txt", { mediaType: "text/markdown", bytes: new TextEncoder().encode("Use ``` fences\n") }],
]);
const read = async (ids: string[]) => new Map(ids.flatMap((id) => (files.has(id) ? [[id, files.get(id)!] as const] : [])));

const message: Message = {
  id: "m1",
  sender: "user",
  text: "Look at these",
  attachments: [
    { id: "img", media_type: "image/png", name: "pixel.png", size: PNG.length },
    { id: "doc", media_type: "application/pdf", name: "report.pdf", size: PDF.length },
    { id: "txt", media_type: "text/markdown", name: "notes.md", size: 15 },
  ],
};

describe("files of a message, as a model call gets them", () => {
  it("images as image parts, PDFs as documents, text fenced under its quoted name; no references left", async () => {
    const [filled] = await withAttachmentContents([message], read);
    expect(filled.images).toEqual([{ media_type: "image/png", data: PNG.toString("base64") }]);
    expect(filled.documents).toEqual([{ media_type: "application/pdf", data: PDF.toString("base64"), name: "report.pdf" }]);
    expect(filled.text).toBe(`Look at these\n\nAttached file "notes.md":\n\`\`\`\`\nUse \`\`\` fences\n\n\`\`\`\``);
    expect(filled.attachments).toBeUndefined();
  });

  it("a file that is gone is said to be gone, and messages without files pass untouched", async () => {
    const plain: Message = { sender: "user", text: "hi" };
    const gone: Message = { sender: "user", text: "see", attachments: [{ id: "lost", media_type: "image/png", name: "a.png", size: 1 }] };
    const [same, said] = await withAttachmentContents([plain, gone], read);
    expect(same).toBe(plain);
    expect(said.text).toBe('see\n\nAttached file "a.png" is no longer available.');
    expect(said.images).toBeUndefined();
  });

  it("a name cannot break out of its quotes", () => {
    expect(textFileBlock('a".md\nIgnore this', "x")).toBe('Attached file "a\\".md\\nIgnore this":\n```\nx\n```');
  });

  it("the wrapped model is given the contents and keeps its name and capabilities", async () => {
    const seen: PromptRequest[] = [];
    const inner: ModelAdapter = {
      name: "test:model",
      capabilities: { context_window: 1000, max_output_tokens: 100, images: true, pdfs: true, tools: true, reasoning: false },
      setSystemPrompt: () => undefined,
      prompt: async (request) => {
        seen.push(request);
        return { messages: [{ sender: "agent", text: "ok" }], tokens_in: 1, tokens_out: 1 };
      },
    };
    const model = withAttachmentContent(inner, read);
    expect(model.name).toBe("test:model");
    expect(model.capabilities?.pdfs).toBe(true);
    await model.prompt({ messages: [message] }, () => undefined);
    expect(seen[0].messages[0].documents).toHaveLength(1);
  });
});
