import { describe, expect, it } from "vitest";
import { DEMO_EXAMPLES } from "@/lib/client/demo-examples";
import { DEMO_TRIGGERS, findDemoTrigger } from "@/lib/models/demo-triggers";

// What works in a new chat: the form triggers that need an open form are not offered there.
const NEW_CHAT_TRIGGERS = DEMO_TRIGGERS.filter((trigger) => !trigger.whenFormOpen);

describe("demo examples in the chat's empty state", () => {
  it("are exactly the demo model's trigger examples that need no open form", () => {
    expect([...DEMO_EXAMPLES]).toEqual(NEW_CHAT_TRIGGERS.map((trigger) => trigger.example));
  });

  it("each fires its own trigger", () => {
    for (const [index, example] of DEMO_EXAMPLES.entries()) expect(findDemoTrigger(example)).toBe(NEW_CHAT_TRIGGERS[index]);
  });
});
