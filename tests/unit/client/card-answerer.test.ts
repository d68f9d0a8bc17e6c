import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import SlotCard from "@/components/renderers/slot-card";
import type { SlotRecord } from "@/lib/agent/store-adapter";
import { slot } from "./fixtures";

const settledAt = new Date(Date.now() - 2 * 60_000).toISOString();
const ann = { user_id: "u-ann", name: "Ann Lee" };

/** The settled line's text alone (who and how; the time follows it). */
const settledLine = (record: SlotRecord) => {
  const html = renderToStaticMarkup(
    createElement(SlotCard, {
      context: { slot: record, resolve: async () => {}, reject: async () => {} },
      conversationId: "c1",
      canAdmin: false,
      teamName: "Acme",
    }),
  );
  return html.match(/data-settled-line="true">([^<]*)/)?.[1] ?? html;
};

const settled = (overrides: Partial<SlotRecord> & { renderer: string; props: unknown }) =>
  slot({ id: "s1", call_id: "c1", tool_name: overrides.renderer, status: "resolved", settled_at: settledAt, ...overrides });

const permission = (value: unknown) =>
  settled({
    index: 0,
    tool_name: "send_email",
    renderer: "permission_request",
    props: { tool_name: "send_email", input: { to: "ada@example.com" }, input_editable: false },
    value,
    answered_by: ann,
  });

describe("an answered card says who answered it", () => {
  it("a choice: chosen by the person", () => {
    const choice = settled({
      renderer: "ask_preference",
      props: { question: "Which?", options: ["Tea", "Coffee"] },
      value: { choice: "Tea" },
      answered_by: ann,
    });
    expect(settledLine(choice)).toBe("Chosen by Ann Lee · ");
  });

  it("a permission card: allowed, denied, or sent to an admin, by the person", () => {
    expect(settledLine(permission({ decision: "allow_once" }))).toBe("Allowed by Ann Lee · ");
    expect(settledLine(permission({ decision: "deny_always" }))).toBe("Denied by Ann Lee · ");
    expect(settledLine(permission({ decision: "request_organization" }))).toBe("Sent to an admin by Ann Lee · ");
  });

  it("a plan: approved or rejected by the person", () => {
    const plan = (approved: boolean) =>
      settled({
        renderer: "approve_plan",
        props: { title: "Launch", steps: ["Write"] },
        value: { approved, steps: [{ title: "Write", decision: approved ? "approve" : "reject" }] },
        answered_by: ann,
      });
    expect(settledLine(plan(true))).toBe("Approved by Ann Lee · ");
    expect(settledLine(plan(false))).toBe("Rejected by Ann Lee · ");
  });

  it("a form and a text answer: answered by the person", () => {
    const form = settled({
      renderer: "collect_form",
      props: { title: "Details", fields: [{ name: "email", label: "Email", type: "email", required: true }] },
      value: { values: { email: "ada@example.com" } },
      answered_by: ann,
    });
    expect(settledLine(form)).toBe("Answered by Ann Lee · ");
    const text = settled({ renderer: "text_input", props: { prompt: "Why?" }, value: { text: "Because" }, answered_by: ann });
    expect(settledLine(text)).toBe("Answered by Ann Lee · ");
  });

  it("a declined card: declined by the person, with their reason", () => {
    const declined = (reason: string) =>
      settled({
        renderer: "ask_preference",
        props: { question: "Which?", options: ["Tea", "Coffee"] },
        status: "rejected",
        reason,
        answered_by: ann,
      });
    expect(settledLine(declined("Not now"))).toBe("Declined by Ann Lee: Not now · ");
    expect(settledLine(declined("Declined."))).toBe("Declined by Ann Lee · ");
  });

  it("a card this browser cannot draw still says who answered or declined it", () => {
    const unknown = (overrides: Partial<SlotRecord>) =>
      settled({ renderer: "no_such_card", props: { any: 1 }, answered_by: ann, ...overrides });
    expect(settledLine(unknown({ value: { ok: true } }))).toBe("Answered by Ann Lee · ");
    expect(settledLine(unknown({ status: "rejected", reason: "Not this one" }))).toBe("Declined by Ann Lee: Not this one · ");
  });

  it("the name stays after the account is gone, and a card answered before names were kept says how only", () => {
    const choice = (answered_by?: SlotRecord["answered_by"]) =>
      settled({
        renderer: "ask_preference",
        props: { question: "Which?", options: ["Tea", "Coffee"] },
        value: { choice: "Tea" },
        answered_by,
      });
    expect(settledLine(choice({ user_id: null, name: "Ann Lee" }))).toBe("Chosen by Ann Lee · ");
    expect(settledLine(choice())).toBe("Chosen · ");
  });
});
