import { describe, expect, it } from "vitest";
import type { PromptRequest } from "@/lib/agent/model-adapter";
import { ScriptedModel } from "@/lib/models/testing";

const request = (text: string): PromptRequest => ({ messages: [{ sender: "user", text }] });

describe("ScriptedModel", () => {
  it("streams text in chunks, announces tool calls and returns usage", async () => {
    const model = new ScriptedModel([{ text: "Hello there", toolCalls: [{ name: "echo", input: { a: 1 } }], usage: { tokens_in: 7 } }]);
    const events: [string, unknown][] = [];
    const result = await model.prompt(request("hi"), (name, data) => void events.push([name, data]));
    const deltas = events.filter(([name]) => name === "text_delta").map(([, data]) => (data as { text: string }).text);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join("")).toBe("Hello there");
    expect(events.find(([name]) => name === "tool_use")?.[1]).toEqual({ id: "scripted_0_0", name: "echo", input: { a: 1 } });
    expect(result).toMatchObject({
      tokens_in: 7,
      tokens_out: 0,
      stop_reason: "tool_use",
      messages: [{ sender: "agent", text: "Hello there", tool_calls: [{ tool_name: "echo" }] }],
    });
  });

  it("records a deep copy of every request", async () => {
    const model = new ScriptedModel([{ text: "a" }, (seen) => ({ text: `you said ${seen.messages[0].text}` })]);
    const first = request("one");
    await model.prompt(first, () => {});
    first.messages[0].text = "mutated";
    const second = await model.prompt(request("two"), () => {});
    expect(model.requests.map((recorded) => recorded.messages[0].text)).toEqual(["one", "two"]);
    expect(second.messages[0].text).toBe("you said two");
    expect(model.remaining).toBe(0);
  });

  it("throws scripted errors and when it runs out of replies", async () => {
    const model = new ScriptedModel([{ error: new Error("rate limited") }]);
    await expect(model.prompt(request("x"), () => {})).rejects.toThrow("rate limited");
    await expect(model.prompt(request("y"), () => {})).rejects.toThrow(/no reply scripted for call 2/);
    expect(model.requests).toHaveLength(2);
  });

  it("hangs until aborted, then rejects like a provider SDK", async () => {
    const model = new ScriptedModel([{ text: "abc", hangUntilAborted: true }]);
    const controller = new AbortController();
    const pending = model.prompt(request("x"), () => {}, controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });
});
