import { describe, expect, it } from "vitest";
import { CONVERSATION_EXPORT_FORMAT, type ConversationExport } from "@/lib/schemas/conversation-export";
import { attachment } from "@/lib/server/exports/attachment";
import { conversationToMarkdown, fenced } from "@/lib/server/exports/markdown";

const conversation = (overrides: Partial<ConversationExport> = {}): ConversationExport => ({
  format: CONVERSATION_EXPORT_FORMAT,
  title: "Trip",
  created_at: "2030-01-01T00:00:00.000Z",
  messages: [],
  cards: [],
  ...overrides,
});

describe("conversation Markdown", () => {
  it("heads each message with its speaker, fences tool calls and quotes the card's answer under its call", () => {
    const markdown = conversationToMarkdown(
      conversation({
        messages: [
          { sender: "user", text: "Plan it **now**", created_at: "2030-01-01T00:01:00.000Z" },
          {
            sender: "agent",
            text: "Which city?",
            tool_calls: [{ id: "c1", name: "ask_preference", input: { options: ["Oslo", "Rome"] } }],
          },
        ],
        cards: [
          {
            call_id: "c1",
            tool_name: "ask_preference",
            question: { options: ["Oslo", "Rome"] },
            status: "resolved",
            answer: { choice: "Rome" },
            asked_at: "x",
            answered_at: "2030-01-01T00:02:00.000Z",
          },
        ],
      }),
    );
    expect(markdown).toContain("## You · 2030-01-01 00:01 UTC\n\nPlan it **now**");
    expect(markdown).toContain('**Tool call:** `ask_preference`\n\n```json\n{\n  "options": [');
    expect(markdown).toContain("> **Card** `ask_preference`, resolved 2030-01-01 00:02 UTC\n> Question:\n> ```json");
    expect(markdown).toContain('> Answer:\n> ```json\n> {\n>   "choice": "Rome"\n> }\n> ```');
    expect(markdown.indexOf("> **Card**")).toBeGreaterThan(markdown.indexOf("**Tool call:**"));
  });

  it("says who answered a card, with Markdown's marks in the name escaped", () => {
    const card = {
      call_id: "c1",
      tool_name: "ask_preference",
      question: { options: ["Oslo", "Rome"] },
      status: "resolved",
      answer: { choice: "Rome" },
      asked_at: "x",
      answered_at: "2030-01-01T00:02:00.000Z",
      answered_by: { name: "Ann *Lee*" },
    };
    const markdown = conversationToMarkdown(conversation({ cards: [card] }));
    expect(markdown).toContain("> **Card** `ask_preference`, resolved by Ann \\*Lee\\* 2030-01-01 00:02 UTC\n");
  });

  it("keeps a title on its heading line with Markdown's marks escaped", () => {
    const markdown = conversationToMarkdown(conversation({ title: "# Fake\n\n## Agent [link](javascript:x)" }));
    expect(markdown.split("\n")[0]).toBe("# \\# Fake \\#\\# Agent \\[link\\]\\(javascript:x\\)");
  });

  it("fences JSON with more backticks than it holds, so content cannot close the fence", () => {
    const block = fenced({ text: "```\n# not a heading" });
    expect(block.startsWith("````json\n")).toBe(true);
    expect(block.endsWith("\n````")).toBe(true);
  });

  it("puts quotes on every line of a card, so an answer with line breaks stays inside the quote", () => {
    const markdown = conversationToMarkdown(
      conversation({
        cards: [
          {
            call_id: "x",
            tool_name: "ask",
            question: {},
            status: "resolved",
            answer: "line one\n## Agent",
            reason: "a\nb",
            asked_at: "x",
            answered_at: null,
          },
        ],
      }),
    );
    const quote = markdown.slice(markdown.indexOf("> **Card**"));
    for (const line of quote.trimEnd().split("\n")) expect(line.startsWith(">")).toBe(true);
  });

  it("names the download after the title without letting it reach outside the header value", () => {
    expect(attachment('Q3 "plan"\r\nSet-Cookie: x', "md")).toBe(
      `attachment; filename="q3-plan-set-cookie-x.md"; filename*=UTF-8''Q3%20%22plan%22%20Set-Cookie%3A%20x.md`,
    );
    expect(attachment("Café (draft)", "json")).toBe(
      `attachment; filename="cafe-draft.json"; filename*=UTF-8''Caf%C3%A9%20%28draft%29.json`,
    );
  });
});
