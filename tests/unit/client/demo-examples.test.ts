import { describe, expect, it } from "vitest";
import { DEMO_EXAMPLES } from "@/lib/client/demo-examples";
import { DEMO_TRIGGERS, findDemoTrigger } from "@/lib/models/demo-triggers";

describe("demo examples in the chat's empty state", () => {
  it("are exactly the demo model's trigger examples", () => {
    expect([...DEMO_EXAMPLES]).toEqual(DEMO_TRIGGERS.map((trigger) => trigger.example));
  });

  it("each fires its own trigger", () => {
    for (const [index, example] of DEMO_EXAMPLES.entries()) expect(findDemoTrigger(example)).toBe(DEMO_TRIGGERS[index]);
  });
});
