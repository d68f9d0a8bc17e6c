import { describe, expect, it } from "vitest";
import { z } from "zod";
import { answerSchemaForSlot as answerSchemaFor, Glove, ValidationError, type GloveTool } from "@/lib/agent";
import { MemoryStore } from "@/lib/agent/testing";
import { DemoModel } from "@/lib/models/demo-model";
import { DEMO_TRIGGERS } from "@/lib/models/demo-triggers";
import { BUILTIN_TOOL_CATALOG, createBuiltinTools } from "@/lib/tools/server";

const mailbox = {
  sent: [] as unknown[],
  record: async (email: unknown) => (
    mailbox.sent.push(email),
    { id: `mail-${mailbox.sent.length}`, createdAt: "2030-01-01T00:00:00.000Z" }
  ),
};
const tools = createBuiltinTools({ mailbox });
const byName = new Map(tools.map((tool) => [tool.name, tool]));

describe("built-in tools", () => {
  it("every demo trigger that names one of them produces an input its schema accepts", () => {
    const covered = DEMO_TRIGGERS.filter((trigger) => byName.has(trigger.tool));
    expect(covered.map((trigger) => trigger.tool).sort()).toEqual([...byName.keys()].sort());
    for (const trigger of covered) {
      const parsed = byName.get(trigger.tool)!.inputSchema!.safeParse(trigger.input(trigger.example));
      expect(parsed.success, `${trigger.tool}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });

  it("the catalog lists each with its description and whether it asks permission", () => {
    expect(BUILTIN_TOOL_CATALOG.find((tool) => tool.name === "send_email")).toMatchObject({
      requiresPermission: true,
      description: expect.stringMatching(/simulated/),
    });
    expect(BUILTIN_TOOL_CATALOG.filter((tool) => tool.requiresPermission).map((tool) => tool.name)).toEqual(["send_email"]);
  });
});

describe("the runtime's own tools driven by the demo model", () => {
  it("'make a task list' fills the task list", async () => {
    const store = new MemoryStore("tasks");
    const glove = new Glove({ store, model: new DemoModel({ wordDelayMs: 0 }), systemPrompt: "test" }).build();
    const outcome = await glove.processRequest("make a task list for the launch");
    expect(outcome.status).toBe("completed");
    expect((await store.getTasks()).map((t) => [t.content, t.status])).toEqual([
      ["Outline the launch", "in_progress"],
      ["Draft the launch", "pending"],
      ["Review the launch", "pending"],
    ]);
  });

  it("'ask finance to approve' posts a blocking inbox item", async () => {
    const store = new MemoryStore("inbox");
    const glove = new Glove({ store, model: new DemoModel({ wordDelayMs: 0 }), systemPrompt: "test" }).build();
    await glove.processRequest("ask finance to approve the Q3 budget");
    expect(await store.getInboxItems()).toEqual([
      expect.objectContaining({ tag: "finance", request: "Approve the Q3 budget", blocking: true, status: "pending" }),
    ]);
  });
});

/** A demo-model agent with the built-in tools over a MemoryStore. */
function agent(store = new MemoryStore("t")) {
  const glove = new Glove({ store, model: new DemoModel({ wordDelayMs: 0 }), systemPrompt: "test" });
  for (const tool of tools) glove.fold(tool as GloveTool);
  return glove.build();
}

async function waitingSlot(glove: Glove, text: string) {
  const outcome = await glove.processRequest(text);
  if (outcome.status !== "suspended") throw new Error(`expected a card, got ${outcome.status}`);
  return outcome.slots[0];
}

describe("tools' side effects happen after their waits, once", () => {
  it("send_email stores nothing until allowed, then once, keyed by the call id", async () => {
    mailbox.sent.length = 0;
    const glove = agent();
    const slot = await waitingSlot(glove, "send an email to ada@example.com about the launch");
    expect(mailbox.sent).toEqual([]);
    await glove.resolveSlot(slot.id, { decision: "allow_once" });
    const outcome = await glove.continueRun();
    expect(outcome.status).toBe("completed");
    expect(mailbox.sent).toEqual([{ to: "ada@example.com", subject: "The launch", body: expect.any(String), toolCallId: slot.call_id }]);
  });

  it("ask_preference refuses a choice that was not offered: resolveSlot names the field, nothing is stored", async () => {
    const store = new MemoryStore("t");
    const glove = agent(store);
    const slot = await waitingSlot(glove, "help me choose between tea, coffee and water");
    const refused = await glove.resolveSlot(slot.id, { choice: "beer" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).issues).toEqual([{ path: "choice", message: "Choose one of: tea, coffee, water." }]);
    expect((await store.getSlot(slot.id))?.status).toBe("pending");
  });
});

describe("answer schemas per card", () => {
  const issues = (schema: z.ZodType | null, value: unknown) => schema!.safeParse(value).error?.issues.map((issue) => issue.path.join("."));
  // The runtime's schema for a card, with the tool from the catalog; permission cards take index 0.
  const answerSchemaForSlot = ({ tool_name, renderer, props }: { tool_name: string; renderer: string; props: unknown }) =>
    answerSchemaFor({ index: renderer === "permission_request" ? 0 : 1, props }, byName.get(tool_name));
  const slot = (tool_name: string, props: unknown, renderer = tool_name) => ({ tool_name, renderer, props });

  it("narrow the tool's schema by the card's props", () => {
    const choice = answerSchemaForSlot(slot("ask_preference", { question: "?", options: ["tea", "coffee"] }));
    expect(issues(choice, { choice: "tea" })).toBeUndefined();
    expect(issues(choice, { choice: "beer" })).toEqual(["choice"]);
    const single = answerSchemaForSlot(slot("suggest_options", { question: "?", options: ["a", "b", "c"], multiple: false }));
    expect(issues(single, { choices: ["a"] })).toBeUndefined();
    expect(issues(single, { choices: ["a", "b"] })).toEqual(["choices"]);
    expect(issues(single, { choices: ["z"] })).toEqual(["choices"]);
    const form = answerSchemaForSlot(
      slot("collect_form", { title: "t", fields: [{ name: "email", label: "Email", type: "email", required: true }] }),
    );
    expect(issues(form, { values: { email: "ada@example.com" } })).toBeUndefined();
    expect(issues(form, { values: { email: "nope" } })).toEqual(["values.email"]);
    expect(issues(form, { values: {} })).toEqual(["values.email"]);
  });

  it("a stored card whose props no longer fit its schema gets the tool's own answer schema, not a crash", () => {
    for (const tool of ["ask_preference", "suggest_options", "collect_form"])
      expect(answerSchemaForSlot(slot(tool, { unexpected: true })), tool).toBe(byName.get(tool)!.resolveSchema);
  });

  it("permission cards take a decision; unknown tools are left to the runtime", () => {
    const permission = answerSchemaForSlot(slot("send_email", {}, "permission_request"));
    expect(issues(permission, { decision: "allow_once" })).toBeUndefined();
    expect(issues(permission, { decision: "maybe" })).toEqual(["decision"]);
    expect(answerSchemaForSlot(slot("glove_form_fill", {}))).toBeNull();
  });
});
