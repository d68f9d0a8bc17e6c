import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { SlotRecord } from "@/lib/agent/store-adapter";
import { defineTool, success } from "@/lib/agent/tool";
import { MemoryStore } from "@/lib/agent/testing";
import { makeAgent } from "./helpers";

describe("display.peek", () => {
  it("is null before the first push, then, in a re-execution, the card the next push matches (and only that one)", async () => {
    const seen: Array<Pick<SlotRecord, "index" | "status"> | null> = [];
    const tool = defineTool({
      name: "ask_twice",
      description: "Asks twice.",
      inputSchema: z.object({}),
      async do(_input, display) {
        for (let round = 0; round < 2; round++) {
          const next = await display.peek();
          seen.push(next && { index: next.index, status: next.status });
          await display.pushAndWait({ round });
        }
        return success("asked");
      },
    });
    const store = new MemoryStore();
    const first = makeAgent([{ toolCalls: [{ name: "ask_twice", input: {} }] }], { store });
    first.glove.fold(tool);
    const outcome = await first.glove.processRequest("ask");
    if (outcome.status !== "suspended") throw new Error("expected a card");
    expect(seen).toEqual([null]);

    const second = makeAgent([], { store });
    second.glove.fold(tool);
    await second.glove.resolveSlot(outcome.slots[0].id, "yes");
    await second.glove.continueRun();
    expect(seen).toEqual([null, { index: 1, status: "resolved" }, null]);
  });
});
