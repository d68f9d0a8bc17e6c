import { describe, expect, it } from "vitest";
import { makeAgent } from "./helpers";

describe("agent messages name the run that wrote them", () => {
  it("stamps run_id on every stored agent message of the run, and on none of the person's", async () => {
    const { glove, store } = makeAgent([{ toolCalls: [{ name: "echo", input: { text: "x" } }] }, { text: "Done." }]);
    const outcome = await glove.processRequest("Go");
    const messages = await store.getMessages();
    const agent = messages.filter((message) => message.sender === "agent");
    expect(agent).toHaveLength(2);
    expect(agent.map((message) => message.run_id)).toEqual([outcome.runId, outcome.runId]);
    expect(messages.filter((message) => message.sender === "user").every((message) => message.run_id === undefined)).toBe(true);
  });

  it("a second request's reply carries the second run's id", async () => {
    const { glove, store } = makeAgent([{ text: "One." }, { text: "Two." }]);
    await glove.processRequest("First");
    const second = await glove.processRequest("Second");
    const last = (await store.getMessages()).at(-1);
    expect(last).toMatchObject({ sender: "agent", text: "Two.", run_id: second.runId });
  });
});
