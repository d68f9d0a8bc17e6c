import { describe, expect, it } from "vitest";
import { titleFromMessage } from "@/lib/schemas/conversation-title";

describe("titleFromMessage", () => {
  it("uses a short first message as it is", () => {
    expect(titleFromMessage("  plan the product launch \n and more")).toBe("plan the product launch");
  });

  it("cuts a long one at a word", () => {
    const title = titleFromMessage("start the onboarding form, my name is Ada Lovelace and my email is ada@example.com");
    expect(title).toBe("start the onboarding form, my name is Ada Lovelace and my…");
    expect(title.length).toBeLessThanOrEqual(61);
  });

  it("never gives an empty title", () => {
    expect(titleFromMessage("   ")).toBe("New conversation");
  });
});
