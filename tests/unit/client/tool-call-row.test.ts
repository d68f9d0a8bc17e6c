import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ToolCallRow } from "@/components/chat/tool-call-row";
import type { ToolResultPayload } from "@/lib/agent/messages";
import type { TimelineEntry } from "@/lib/client/timeline";

const row = (result: ToolResultPayload) => {
  const entry: Extract<TimelineEntry, { kind: "tool" }> = {
    kind: "tool",
    key: "tool:c1",
    call: { id: "c1", tool_name: "send_email", input_args: { to: "ada@example.com" } },
    status: result.status === "success" ? "done" : "error",
    result,
  };
  return renderToStaticMarkup(createElement(ToolCallRow, { entry }));
};

describe("<ToolCallRow> draws the runtime's refusals as what they are", () => {
  it("a blocked repeat, from the stored result's data (so a reload draws it too)", () => {
    const html = row({ status: "error", data: { blocked_repeat: true, count: 3 }, message: "Blocked: ..." });
    expect(html).toContain('data-tool-refusal="repeat blocked"');
    expect(html).toContain("(call 3)");
  });

  it("a call skipped for a message sent meanwhile", () => {
    expect(row({ status: "error", data: null, message: "Skipped due to queued user message." })).toContain('data-tool-refusal="skipped"');
  });
});
