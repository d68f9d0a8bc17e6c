import { describe, expect, it } from "vitest";
import { BUILTIN_TOOL_NAMES, TOOL_TITLES, toolTitle } from "@/lib/tools/catalog";

describe("tools in people's words", () => {
  it("every built-in tool has a title of its own", () => {
    for (const name of BUILTIN_TOOL_NAMES) expect(TOOL_TITLES[name as keyof typeof TOOL_TITLES]).toBe(toolTitle(name));
    expect(toolTitle("ask_preference")).toBe("Ask for a choice");
  });

  it("a tool without a title reads as its id in words, without Glove's prefix", () => {
    expect(toolTitle("glove_update_tasks")).toBe("Update tasks");
  });
});
