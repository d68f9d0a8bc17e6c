import { describe, expect, it } from "vitest";
import { success } from "@/lib/agent/tool";
import { cutToolResult, DEFAULT_TOOL_RESULT_LIMIT } from "@/lib/agent/tool-result-limit";
import { makeAgent } from "./helpers";

const rows = (count: number) => Array.from({ length: count }, (_, index) => ({ row: index, text: `line ${index} "quoted"` }));

describe("tool result limit", () => {
  it("the model gets a large result cut, with how much was cut and what to ask for; the store and the event keep it whole", async () => {
    const big = rows(3000);
    const { glove, model, store, recorder } = makeAgent([{ toolCalls: [{ name: "dump", input: {} }] }, { text: "Too much." }]);
    glove.fold({ name: "dump", description: "Dumps rows.", do: async () => success(big) });
    await glove.processRequest("Dump it");

    const seen = model.requests[1].messages.at(-1)!.tool_results![0].result;
    const total = JSON.stringify({ data: big }).length;
    expect(JSON.stringify({ data: seen.data, message: seen.message }).length).toBeLessThanOrEqual(DEFAULT_TOOL_RESULT_LIMIT);
    expect(typeof seen.data).toBe("string");
    expect(JSON.stringify(big).startsWith(seen.data as string)).toBe(true);
    expect(seen.message).toMatch(
      new RegExp(`of ${total.toLocaleString("en-US")} characters; [\\d,]+ characters \\(\\d+%\\) were left out`),
    );
    expect(seen.message).toMatch(/narrower range or a specific part/);

    expect((await store.getMessages())[2].tool_results?.[0].result.data).toEqual(big);
    expect(recorder.of("tool_use_result")[0].result.data).toEqual(big);
  });

  it("the limit is a setting; a result within it reaches the model unchanged", async () => {
    const { glove, model } = makeAgent([{ toolCalls: [{ name: "dump", input: {} }] }, { text: "ok" }], { toolResultLimit: 100 });
    glove.fold({ name: "dump", description: "Dumps rows.", do: async () => success(rows(10)) });
    await glove.processRequest("Dump it");
    expect(model.requests[1].messages.at(-1)!.tool_results![0].result.message).toMatch(/Result cut for length/);
    expect(cutToolResult(success({ small: true }), 100)).toEqual(success({ small: true }));
  });

  it("keeps the tool's own message before the note, and share and counts add up", () => {
    const result = { status: "error" as const, data: "x".repeat(5000), message: "Partial read." };
    const cut = cutToolResult(result, 1000);
    expect(cut.message).toMatch(
      /^Partial read\.\n\[Result cut for length: you see the first ([\d,]+) of 5,0\d\d characters; ([\d,]+) characters/,
    );
    const [, kept, left] = cut.message!.match(/first ([\d,]+) of [\d,]+ characters; ([\d,]+)/)!;
    expect(Number(kept.replaceAll(",", "")) + Number(left.replaceAll(",", ""))).toBe(
      JSON.stringify({ data: result.data, message: result.message }).length,
    );
    expect(cut.status).toBe("error");
  });
});
