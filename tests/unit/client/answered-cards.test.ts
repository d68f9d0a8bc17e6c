import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import SlotCard from "@/components/renderers/slot-card";
import { timeAgo } from "@/components/renderers/settled-line";
import type { SlotRecord } from "@/lib/agent/store-adapter";
import { slot } from "./fixtures";

const settledAt = new Date(Date.now() - 2 * 60_000).toISOString();

const draw = (record: SlotRecord) =>
  renderToStaticMarkup(
    createElement(SlotCard, {
      context: { slot: record, resolve: async () => {}, reject: async () => {} },
      conversationId: "c1",
      canAdmin: false,
      teamName: "Acme",
    }),
  );

const choice = (overrides: Partial<SlotRecord>) =>
  slot({
    id: "s1",
    call_id: "c1",
    tool_name: "ask_preference",
    renderer: "ask_preference",
    props: { question: "Which one do you prefer?", options: ["Tea", "Coffee", "Water"] },
    ...overrides,
  });

describe("an answered card keeps its question and shows the answer in context", () => {
  it("a choice: its question, every option, the chosen one marked, and when", () => {
    const html = draw(choice({ status: "resolved", value: { choice: "Coffee" }, settled_at: settledAt }));
    expect(html).toContain("Which one do you prefer?");
    expect(html).not.toContain(">Choice<");
    expect([...html.matchAll(/<li[^>]*>/g)]).toHaveLength(3);
    expect([...html.matchAll(/data-chosen="true"[^>]*>.*?<\/li>/g)].map(([item]) => item)).toEqual([expect.stringContaining("Coffee")]);
    expect(html).toContain("Chosen");
    expect(html).toContain(`dateTime="${settledAt}"`);
  });

  it("several picked options are all marked", () => {
    const html = draw(
      slot({
        id: "s2",
        call_id: "c2",
        tool_name: "suggest_options",
        renderer: "suggest_options",
        props: { question: "Which of these?", options: ["A", "B", "C"], multiple: true },
        status: "resolved",
        value: { choices: ["A", "C"] },
        settled_at: settledAt,
      }),
    );
    expect(html).toContain("Which of these?");
    expect([...html.matchAll(/data-chosen="true"/g)]).toHaveLength(2);
  });

  it("a form: its title and each field's label with the value given", () => {
    const html = draw(
      slot({
        id: "s3",
        call_id: "c3",
        tool_name: "collect_form",
        renderer: "collect_form",
        props: { title: "Your details", fields: [{ name: "email", label: "Work email", type: "email", required: true }] },
        status: "resolved",
        value: { values: { email: "ada@example.com" } },
        settled_at: settledAt,
      }),
    );
    expect(html).toContain("Your details");
    expect(html).toContain("Work email");
    expect(html).toContain("ada@example.com");
  });

  it("a permission card: the tool's action, its input and the decision", () => {
    const html = draw(
      slot({
        id: "p1",
        call_id: "c4",
        index: 0,
        tool_name: "send_email",
        renderer: "permission_request",
        props: { tool_name: "send_email", input: { to: "ada@example.com" }, input_editable: false },
        status: "resolved",
        value: { decision: "allow_once" },
        settled_at: settledAt,
      }),
    );
    expect(html).toContain("Allow Send email?");
    expect(html).toContain("ada@example.com");
    expect(html).toContain("Allowed once");
  });

  it("declined and expired cards keep their question and say so in place", () => {
    const declined = draw(choice({ status: "rejected", reason: "Not now", settled_at: settledAt }));
    expect(declined).toContain("Which one do you prefer?");
    expect(declined).toContain("Declined: Not now");
    expect(draw(choice({ status: "expired", settled_at: settledAt }))).toMatch(/Which one do you prefer\?.*Nobody answered in time/);
  });

  it("says how long ago in words", () => {
    const now = Date.parse("2025-01-01T12:00:00.000Z");
    expect(timeAgo("2025-01-01T11:58:00.000Z", now)).toMatch(/2 min/);
    expect(timeAgo("2025-01-01T11:59:50.000Z", now)).toBe("just now");
  });
});
