import { describe, expect, it } from "vitest";
import { fromChatGpt } from "@/lib/server/imports/chatgpt";
import { ImportValidationError } from "@/lib/server/imports/imported-conversation";

const node = (id: string, parent: string | null, role: string | null, text = id, extra: Record<string, unknown> = {}) => ({
  id,
  parent,
  children: [],
  message:
    role === null ? null : { author: { role }, content: { content_type: "text", parts: [text] }, create_time: 1_700_000_000, ...extra },
});

describe("ChatGPT import", () => {
  it("follows current_node up to the root: the branch that was shown, in order, without the other branch", () => {
    const [conversation] = fromChatGpt([
      {
        title: "Edited",
        current_node: "answer-2",
        mapping: {
          root: node("root", null, null),
          system: node("system", "root", "system", "You are ChatGPT."),
          question: node("question", "system", "user", "First question"),
          "answer-1": node("answer-1", "question", "assistant", "The answer that was regenerated"),
          "answer-2": node("answer-2", "question", "assistant", "The answer shown"),
        },
      },
    ]);
    expect(conversation.title).toBe("Edited");
    expect(conversation.messages.map(({ sender, text }) => ({ sender, text }))).toEqual([
      { sender: "user", text: "First question" },
      { sender: "agent", text: "The answer shown" },
    ]);
    expect(conversation.messages[0].createdAt).toEqual(new Date(1_700_000_000_000));
  });

  it("skips system, tool and hidden nodes and parts that are not text", () => {
    const [conversation] = fromChatGpt([
      {
        title: null,
        current_node: "d",
        mapping: {
          a: node("a", null, "user", "hello"),
          b: node("b", "a", "assistant", "context", { metadata: { is_visually_hidden_from_conversation: true } }),
          c: node("c", "b", "tool", "search results"),
          d: {
            id: "d",
            parent: "c",
            message: {
              author: { role: "assistant" },
              content: { content_type: "multimodal_text", parts: [{ asset_pointer: "file-1" }, "A picture"] },
            },
          },
        },
      },
    ]);
    expect(conversation.title).toBe("Imported conversation");
    expect(conversation.messages.map((message) => message.text)).toEqual(["hello", "A picture"]);
  });

  it("names the conversation and the field of a broken file", () => {
    const broken = () =>
      fromChatGpt([
        { title: "Fine", current_node: "a", mapping: { a: node("a", null, "user") } },
        { title: "Lost", current_node: "x", mapping: {} },
      ]);
    expect(broken).toThrow(ImportValidationError);
    expect(broken).toThrow('conversation 2 ("Lost"): mapping.x: This message is named but missing from mapping.');
  });

  it("refuses parents that loop instead of following them forever", () => {
    const looped = () => fromChatGpt([{ current_node: "a", mapping: { a: node("a", "b", "user"), b: node("b", "a", "assistant") } }]);
    expect(looped).toThrow("The messages' parents form a loop.");
  });
});
