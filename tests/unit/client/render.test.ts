import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Render } from "@/components/chat/render";
import type { SlotRecord } from "@/lib/agent/store-adapter";
import { visibleSlots } from "@/lib/client/slot-visibility";
import type { TimelineEntry } from "@/lib/client/timeline";
import { slot } from "./fixtures";

const timeline: TimelineEntry[] = [
  { kind: "user", key: "u1", message: { sender: "user", text: "go" }, pending: false },
  { kind: "tool", key: "tool:c1", call: { id: "c1", tool_name: "confirm_action", input_args: {} }, status: "waiting" },
  { kind: "agent", key: "a1", text: "more", streaming: false },
];

function draw(slots: SlotRecord[], strategy?: "interleaved" | "slots-before" | "slots-after" | "slots-only") {
  const html = renderToStaticMarkup(
    createElement(Render, {
      glove: { timeline, slots, renderSlot: (s: SlotRecord) => createElement("card", { id: s.id }) },
      strategy,
      renderEntry: (entry: TimelineEntry) => createElement("row", { id: entry.key }),
    }),
  );
  return [...html.matchAll(/<(row|card) id="([^"]+)"/g)].map(([, tag, id]) => `${tag}:${id}`);
}

describe("<Render>", () => {
  const card = slot({ id: "s1", call_id: "c1" });

  it("draws each card in place of the tool call that made it (interleaved, the default)", () => {
    expect(draw([card])).toEqual(["row:u1", "card:s1", "row:a1"]);
  });

  it("draws cards before, after, or alone by strategy", () => {
    expect(draw([card], "slots-before")[0]).toBe("card:s1");
    expect(draw([card], "slots-after").at(-1)).toBe("card:s1");
    expect(draw([card], "slots-only")).toEqual(["card:s1"]);
  });

  it("draws what the display strategies leave visible", () => {
    const answered = { ...card, status: "resolved" as const, display_strategy: "hide-on-complete" as const };
    expect(draw(visibleSlots([answered], new Set()))).toEqual(["row:u1", "row:tool:c1", "row:a1"]);
  });
});
