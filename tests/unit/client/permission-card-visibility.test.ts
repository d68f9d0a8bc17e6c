import { describe, expect, it } from "vitest";
import { visibleSlots } from "@/lib/client/slot-visibility";
import { slot } from "./fixtures";

const answered = (id: string, decision: string) =>
  slot({
    id,
    call_id: `call-${id}`,
    index: 0,
    renderer: "permission_request",
    tool_name: "send_email",
    display_strategy: "hide-on-complete",
    status: "resolved",
    value: { decision },
  });

describe("an answered permission card", () => {
  it("hides once its call completed, unless it asked an admin for everyone (the request is decided on it)", () => {
    const slots = [answered("once", "allow_once"), answered("asked", "request_organization")];
    const shown = visibleSlots(slots, new Set(["call-once", "call-asked"]));
    expect(shown.map((card) => card.id)).toEqual(["asked"]);
  });
});
