import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MemoryStore } from "@/lib/agent/testing";
import { PERMISSION_RENDERER, type PermissionAnswerer } from "@/lib/agent/permissions";
import { defineTool, success } from "@/lib/agent/tool";
import type { ScriptedStep } from "@/lib/models/testing";
import { expectPairedHistory, makeAgent, transcript } from "./helpers";

const ADMIN: PermissionAnswerer = { userId: "admin-1", isAdmin: true };

/** A tool that writes to the world and asks first: every execution is recorded. */
function sendTool(sent: string[]) {
  return defineTool({
    name: "send",
    description: "Sends a note.",
    inputSchema: z.object({ to: z.string(), body: z.string() }),
    requiresPermission: true,
    async do(input) {
      sent.push(`${input.to}:${input.body}`);
      return success({ sent: sent.length });
    },
  });
}

/** Call ids unique per call, as a provider's are (the scripted model's own restart with each model). */
let callCounter = 0;
const sendCall = (input: Record<string, string>): ScriptedStep => ({ toolCalls: [{ id: `call-${++callCounter}`, name: "send", input }] });

/** A first request that sends (allowed once on its card) and then answers, over `store`. */
async function sendOnce(store: MemoryStore, sent: string[]) {
  const first = makeAgent([sendCall({ to: "ann", body: "hi" }), { text: "Sent." }], { store });
  first.glove.fold(sendTool(sent));
  const outcome = await first.glove.processRequest("send ann a note");
  if (outcome.status !== "suspended") throw new Error("expected the permission card");
  await first.glove.resolveSlot(outcome.slots[0].id, { decision: "allow_once" }, { answerer: ADMIN });
  await first.glove.continueRun();
  return (await store.getMessages())[0];
}

describe("branches", () => {
  it("a regenerate answers the path up to the message again; the old reply stays as a sibling", async () => {
    const store = new MemoryStore();
    const first = makeAgent([{ text: "First answer." }], { store });
    await first.glove.processRequest("hello");
    const [question, answer] = await store.getMessages();

    const again = makeAgent([{ text: "Second answer." }], { store });
    const outcome = await again.glove.branch({ from: question.id! });
    expect(outcome.status).toBe("completed");
    expect(transcript(again.model.requests[0].messages)).toEqual(["user:hello"]);
    expect((await store.getMessages()).map((message) => message.text)).toEqual(["hello", "Second answer."]);
    const [point] = await store.getBranchPoints();
    expect(point.siblings[0]).toBe(answer.id);
  });

  it("an edit starts a sibling user message the model answers; the agent never reads the old branch", async () => {
    const store = new MemoryStore();
    await makeAgent([{ text: "About cats." }], { store }).glove.processRequest("tell me about cats");
    const edit = makeAgent([{ text: "About dogs." }], { store });
    await edit.glove.branch({ from: null, text: "tell me about dogs" });
    expect(transcript(edit.model.requests[0].messages)).toEqual(["user:tell me about dogs"]);
    expect((await store.getMessages()).map((message) => message.text)).toEqual(["tell me about dogs", "About dogs."]);
  });

  it("is busy, and moves nothing, while a run is active", async () => {
    const store = new MemoryStore();
    const sent: string[] = [];
    const question = await sendOnceSuspended(store, sent);
    const outcome = await makeAgent([{ text: "never" }], { store }).glove.branch({ from: question.id! });
    expect(outcome.status).toBe("busy");
    expect((await store.getMessages()).length).toBe(2);
  });

  it("a regenerated call with the same tool and canonical input reuses the stored result: no second run, no card", async () => {
    const store = new MemoryStore();
    const sent: string[] = [];
    const question = await sendOnce(store, sent);
    const again = makeAgent([sendCall({ body: "hi", to: "ann" }), { text: "Sent again?" }], { store });
    again.glove.fold(sendTool(sent));
    const outcome = await again.glove.branch({ from: question.id! });
    expect(outcome.status).toBe("completed");
    expect(sent).toEqual(["ann:hi"]);
    expect(again.recorder.of("slot_push")).toEqual([]);
    const history = await store.getMessages();
    expectPairedHistory(history);
    expect(history[2].tool_results?.[0].result).toMatchObject({ status: "success", data: { sent: 1 } });
  });

  it("a later turn that asks for the same call again really runs it (with its card): reuse is for the replaced versions only", async () => {
    const store = new MemoryStore();
    const sent: string[] = [];
    const question = await sendOnce(store, sent);
    const regenerate = makeAgent([sendCall({ to: "ann", body: "hi" }), { text: "Sent." }], { store });
    regenerate.glove.fold(sendTool(sent));
    await regenerate.glove.branch({ from: question.id! });
    expect(sent).toEqual(["ann:hi"]);

    const later = makeAgent([sendCall({ to: "ann", body: "hi" }), { text: "Sent once more." }], { store });
    later.glove.fold(sendTool(sent));
    const outcome = await later.glove.processRequest("send ann the same note again");
    expect(outcome.status).toBe("suspended");
    if (outcome.status !== "suspended") return;
    await later.glove.resolveSlot(outcome.slots[0].id, { decision: "allow_once" }, { answerer: ADMIN });
    await later.glove.continueRun();
    expect(sent).toEqual(["ann:hi", "ann:hi"]);
  });

  it("a regenerated call with a changed input asks again with a new card (allow_once covered only the first)", async () => {
    const store = new MemoryStore();
    const sent: string[] = [];
    const question = await sendOnce(store, sent);
    const again = makeAgent([sendCall({ to: "ann", body: "hello there" }), { text: "Sent." }], { store });
    again.glove.fold(sendTool(sent));
    const outcome = await again.glove.branch({ from: question.id! });
    expect(outcome.status).toBe("suspended");
    const cards = again.recorder.of("slot_push");
    expect(cards.map((event) => event.slot.renderer)).toEqual([PERMISSION_RENDERER]);
    expect(sent).toEqual(["ann:hi"]);
  });
});

/** A request suspended on its permission card: the run stays active. Returns the person's message. */
async function sendOnceSuspended(store: MemoryStore, sent: string[]) {
  const first = makeAgent([sendCall({ to: "ann", body: "hi" }), { text: "Sent." }], { store });
  first.glove.fold(sendTool(sent));
  expect((await first.glove.processRequest("send ann a note")).status).toBe("suspended");
  return (await store.getMessages())[0];
}
