import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { cardTitle } from "@/components/chat/card-announcer";
import { ToolCallRow } from "@/components/chat/tool-call-row";
import { ToolTitlesProvider } from "@/components/chat/tool-titles";
import { permissionRequestRenderer } from "@/components/renderers/permission-request";
import type { SlotRecord } from "@/lib/agent/store-adapter";
import type { TimelineEntry } from "@/lib/client/timeline";

const entry = (tool_name: string): Extract<TimelineEntry, { kind: "tool" }> => ({
  kind: "tool",
  key: "tool:c1",
  call: { id: "c1", tool_name, input_args: { email: "ada@example.com" } },
  status: "done",
  result: { status: "success", data: "ok" },
});

const row = (toolName: string, titles?: Record<string, string>) => {
  const element = createElement(ToolCallRow, { entry: entry(toolName) });
  return renderToStaticMarkup(titles ? createElement(ToolTitlesProvider, { value: titles }, element) : element);
};

const permissionSlot = (props: Record<string, unknown>) => ({ renderer: "permission_request", props }) as unknown as SlotRecord;

describe("tools are named as people know them", () => {
  it("a tool row shows the snapshot's title for a connector tool, else the name in words", () => {
    expect(row("crm__lookup_customer", { crm__lookup_customer: "Acme CRM: Lookup customer" })).toContain(
      '<span class="font-medium">Acme CRM: Lookup customer</span>',
    );
    expect(row("glove_update_tasks", { crm__lookup_customer: "Acme CRM: Lookup customer" })).toContain(
      '<span class="font-medium">Update tasks</span>',
    );
  });

  it("a permission card and its announcement use the title the card carries", () => {
    const props = { tool_name: "crm__create_ticket", tool_title: "Acme CRM: Create ticket", input: {}, input_editable: false };
    expect(permissionRequestRenderer.title?.(props)).toBe("Allow Acme CRM: Create ticket?");
    expect(cardTitle(permissionSlot(props))).toBe("Allow Acme CRM: Create ticket?");
    const untitled = { tool_name: "send_email", input: {}, input_editable: false };
    expect(permissionRequestRenderer.title?.(untitled)).toBe("Allow Send email?");
    expect(cardTitle(permissionSlot(untitled))).toBe("Allow Send email?");
  });
});
