import { describe, expect, it } from "vitest";
import { applyEvent } from "@/lib/client/apply-event";
import { numbered, state } from "./fixtures";

describe("budget_exceeded in the chat", () => {
  it("shows a notice until the summary streams", () => {
    const [started, exceeded, delta] = numbered(1, [
      { type: "run_started", run_id: "r1", kind: "request" },
      { type: "budget_exceeded", run_id: "r1", spent: 1_043_220, budget: 1_000_000 },
      { type: "text_delta", text: "Where things stand" },
    ]);
    const stopped = applyEvent(applyEvent(state(), started), exceeded);
    expect(stopped.notice).toBe("This request used its budget of 1,000,000 effective tokens; summarising where things stand…");
    expect(applyEvent(stopped, delta).notice).toBeNull();
  });
});
