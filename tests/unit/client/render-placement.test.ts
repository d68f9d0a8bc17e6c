import { describe, expect, it } from "vitest";
import { placeSlots } from "@/lib/client/place-slots";
import { visibleSlots } from "@/lib/client/slot-visibility";
import type { TimelineEntry } from "@/lib/client/timeline";
import { slot } from "./fixtures";

const tool = (id: string): TimelineEntry => ({
  kind: "tool",
  key: `tool:${id}`,
  call: { id, tool_name: "t", input_args: {} },
  status: "waiting",
});
const entries: TimelineEntry[] = [
  { kind: "user", key: "u1", message: { sender: "user", text: "go" }, pending: false },
  tool("c1"),
  { kind: "agent", key: "a1", text: "and", streaming: false },
  tool("c2"),
];
const s1 = slot({ id: "s1", call_id: "c1", created_at: "2025-01-01T00:00:01.000Z" });
const s2 = slot({ id: "s2", call_id: "c2", created_at: "2025-01-01T00:00:02.000Z" });
const permission = slot({ id: "p1", call_id: "c2", index: 0, created_at: "2025-01-01T00:00:02.000Z" });
const orphan = slot({ id: "s3", call_id: "elsewhere", created_at: "2025-01-01T00:00:00.500Z" });
const keys = (items: { key: string }[]) => items.map((item) => item.key);

describe("placeSlots", () => {
  it("interleaved: each card in place of the tool call that made it, in push order; unknown calls at the end", () => {
    expect(keys(placeSlots(entries, [s2, orphan, s1, permission], "interleaved"))).toEqual([
      "u1",
      "slot:s1",
      "a1",
      "slot:p1",
      "slot:s2",
      "slot:s3",
    ]);
  });

  it("interleaved: a tool call without a visible card keeps its tool row", () => {
    expect(keys(placeSlots(entries, [s1], "interleaved"))).toEqual(["u1", "slot:s1", "a1", "tool:c2"]);
  });

  it("slots-before, slots-after and slots-only", () => {
    expect(keys(placeSlots(entries, [s2, s1], "slots-before"))).toEqual(["slot:s1", "slot:s2", "u1", "tool:c1", "a1", "tool:c2"]);
    expect(keys(placeSlots(entries, [s2, s1], "slots-after"))).toEqual(["u1", "tool:c1", "a1", "tool:c2", "slot:s1", "slot:s2"]);
    expect(keys(placeSlots(entries, [s2, s1], "slots-only"))).toEqual(["slot:s1", "slot:s2"]);
  });
});

describe("visibleSlots (display strategies)", () => {
  it("stay: shows pending and answered cards, never dismissed ones", () => {
    const answered = { ...s1, status: "resolved" as const };
    const dismissed = { ...s2, status: "dismissed" as const };
    expect(visibleSlots([answered, dismissed], new Set()).map((s) => s.id)).toEqual(["s1"]);
  });

  it("hide-on-complete: hides a card once answered, and a display-only card once its call finished", () => {
    const waiting = { ...s1, display_strategy: "hide-on-complete" as const };
    expect(visibleSlots([waiting], new Set())).toHaveLength(1);
    expect(visibleSlots([{ ...waiting, status: "resolved" }], new Set())).toHaveLength(0);
    expect(visibleSlots([{ ...waiting, status: "rejected" }], new Set())).toHaveLength(0);
    const shown = { ...waiting, kind: "forget" as const, status: "shown" as const };
    expect(visibleSlots([shown], new Set())).toHaveLength(1);
    expect(visibleSlots([shown], new Set(["c1"]))).toHaveLength(0);
  });

  it("hide-on-new: keeps only the newest card of that tool", () => {
    const a = slot({ id: "a", call_id: "x", tool_name: "show_info_card", display_strategy: "hide-on-new" });
    const other = slot({ id: "o", call_id: "y", tool_name: "confirm_action" });
    const b = slot({ id: "b", call_id: "z", tool_name: "show_info_card", display_strategy: "hide-on-new" });
    expect(visibleSlots([a, other, b], new Set()).map((s) => s.id)).toEqual(["o", "b"]);
  });
});
