import { describe, expect, it } from "vitest";
import { MemoryStore } from "@/lib/agent/testing";
import type { SlotRecord, ToolResultPayload } from "@/lib/agent";
import type { EnabledConnectorTool, McpCallOutcome } from "@/lib/server/connectors/contract";
import { connectorToolTitles, connectorTools } from "@/lib/server/connectors/agent-tools";
import { MAX_RECONNECT_ROUNDS } from "@/lib/server/connectors/reconnect";
import { RECONNECT_CONNECTOR } from "@/lib/tools/reconnect-connector/shape";
import type { ScriptedStep } from "@/lib/models/testing";
import { makeAgent } from "../../agent/helpers";
import { enabledTool, FakeCatalog } from "./fake-catalog";

const READ = enabledTool({ name: "lookup", readOnlyHint: true }, { requiresPermission: false });
const WRITE = enabledTool({ name: "create_note" }, { requiresPermission: true });
const AUTH: McpCallOutcome = { kind: "auth_required", message: "The token expired." };
const OK: McpCallOutcome = { kind: "ok", text: "Contact: Ada Lovelace", isError: false };

const call = (name: string, input: unknown = { id: "42" }): ScriptedStep => ({ toolCalls: [{ name, input }] });

/** An agent over `store` with the catalog's connector tools, its script continuing where the conversation is. */
async function agentWith(catalog: FakeCatalog, script: ScriptedStep[], store: MemoryStore, now?: () => Date) {
  const harness = makeAgent(script, { store, ...(now && { now, slotTtlMs: 60_000 }) });
  for (const tool of await connectorTools(catalog)) harness.glove.fold(tool);
  return harness;
}

/** The one tool result the model read after the call. */
function lastResult(harness: Awaited<ReturnType<typeof agentWith>>): ToolResultPayload {
  const results = harness.model.requests.at(-1)!.messages.flatMap((message) => message.tool_results ?? []);
  return results.at(-1)!.result;
}

async function runOnce(entry: EnabledConnectorTool, outcomes: McpCallOutcome[]) {
  const catalog = new FakeCatalog([entry], outcomes);
  const harness = await agentWith(catalog, [call(`crm__${entry.tool.name}`), { text: "done" }], new MemoryStore());
  const outcome = await harness.glove.processRequest("go");
  return { catalog, harness, outcome, result: lastResult(harness) };
}

describe("connector tools in a run", () => {
  it("a read-only tool runs without a card; the catalog gets the input, the call id and the run id", async () => {
    const { catalog, harness, outcome, result } = await runOnce(READ, [OK]);
    expect(outcome.status).toBe("completed");
    expect(await harness.store.listSlots()).toEqual([]);
    const [toolCall] = harness.model.requests[1].messages.flatMap((message) => message.tool_calls ?? []);
    const runId = harness.recorder.of("run_started")[0].run_id;
    expect(catalog.calls).toEqual([{ connectorId: "conn-1", toolName: "lookup", args: { id: "42" }, callId: toolCall.id, runId }]);
    expect(result).toEqual({ status: "success", data: "Contact: Ada Lovelace" });
  });

  it("a side-effecting tool asks permission first; approved from another agent after the run suspended, the catalog sees exactly one call", async () => {
    const store = new MemoryStore();
    const catalog = new FakeCatalog([WRITE], [OK]);
    const first = await agentWith(catalog, [call("crm__create_note")], store);
    const outcome = await first.glove.processRequest("note it");
    if (outcome.status !== "suspended") throw new Error("expected a permission card");
    expect(outcome.slots[0]).toMatchObject({
      index: 0,
      renderer: "permission_request",
      props: { tool_name: "crm__create_note", tool_title: "Acme CRM: Create note" },
    });
    expect(catalog.calls).toEqual([]);

    const second = await agentWith(catalog, [{ text: "done" }], store);
    await second.glove.resolveSlot(outcome.slots[0].id, { decision: "allow_once" }, { answerer: { userId: "u1", isAdmin: false } });
    expect((await second.glove.continueRun()).status).toBe("completed");
    expect(catalog.calls).toHaveLength(1);
    expect(lastResult(second)).toEqual({ status: "success", data: "Contact: Ada Lovelace" });
  });

  it("cuts a long result to the connector's limit and says how much was kept of how much", async () => {
    const { result } = await runOnce({ ...READ, maxResultChars: 100 }, [{ kind: "ok", text: "x".repeat(2_500), isError: false }]);
    expect(result.status).toBe("success");
    const text = result.data as string;
    expect(text.startsWith(`${"x".repeat(100)}\n[`)).toBe(true);
    expect(text).not.toContain("x".repeat(101));
    expect(text).toContain("kept the first 100 of 2,500 characters");
  });

  it("the result's text reaches the model without invisible tag characters", async () => {
    const tag = String.fromCodePoint(0xe0041);
    const { result } = await runOnce(READ, [{ kind: "ok", text: `Contact${tag}: Ada`, isError: false }]);
    expect(result).toEqual({ status: "success", data: "Contact: Ada" });
  });

  it("an error the server answered is a failure with its text", async () => {
    const { result } = await runOnce(READ, [{ kind: "ok", text: "No contact 42.", isError: true }]);
    expect(result).toMatchObject({ status: "error", message: "Acme CRM answered with an error: No contact 42." });
  });

  it("a server that is down is a failure that says what to do", async () => {
    const { result } = await runOnce(READ, [{ kind: "unavailable", message: "connection refused" }]);
    expect(result).toMatchObject({
      status: "error",
      message: "Acme CRM is unavailable: connection refused. Try again later or tell the person.",
    });
  });

  it("a timeout is a failure naming the time limit", async () => {
    const { result } = await runOnce(READ, [{ kind: "timeout", afterMs: 2_500 }]);
    expect(result.status).toBe("error");
    expect(result.message).toContain("Acme CRM did not answer within its time limit of 2.5 seconds");
  });
});

describe("the reconnect card", () => {
  it("an expired token shows the reconnect card; answered, the call runs again and succeeds, without asking permission again", async () => {
    const store = new MemoryStore();
    const catalog = new FakeCatalog([WRITE], [AUTH, OK]);
    const first = await agentWith(catalog, [call("crm__create_note")], store);
    const asked = await first.glove.processRequest("note it");
    if (asked.status !== "suspended") throw new Error("expected a permission card");
    await first.glove.resolveSlot(asked.slots[0].id, { decision: "allow_once" });

    const second = await agentWith(catalog, [], store);
    const reconnect = await second.glove.continueRun();
    expect(reconnect.status).toBe("suspended");
    const [card] = await store.listSlots({ status: "pending" });
    expect(card).toMatchObject({
      index: 1,
      renderer: RECONNECT_CONNECTOR,
      tool_name: "crm__create_note",
      props: {
        connectorId: "conn-1",
        connectorName: "crm",
        connectorTitle: "Acme CRM",
        authMode: "per_person",
        reason: "The token expired.",
      },
    });
    expect(catalog.calls).toHaveLength(1);

    // The answer is checked against the card's schema: a token never goes into it.
    await expect(second.glove.resolveSlot(card.id, { token: "secret" })).rejects.toThrow(/reconnected/);
    const third = await agentWith(catalog, [{ text: "done" }], store);
    await third.glove.resolveSlot(card.id, { reconnected: true });
    expect((await third.glove.continueRun()).status).toBe("completed");
    expect(catalog.calls).toHaveLength(2);
    expect(new Set(catalog.calls.map((recorded) => recorded.callId)).size).toBe(1);
    expect(lastResult(third)).toEqual({ status: "success", data: "Contact: Ada Lovelace" });
    expect((await store.listSlots()).filter((slot) => slot.renderer === RECONNECT_CONNECTOR)).toHaveLength(1);
  });

  it("declined: a failure that says the person did not reconnect, and no further call", async () => {
    const store = new MemoryStore();
    const catalog = new FakeCatalog([READ], [AUTH, OK]);
    const first = await agentWith(catalog, [call("crm__lookup")], store);
    const outcome = await first.glove.processRequest("look it up");
    if (outcome.status !== "suspended") throw new Error("expected the reconnect card");
    const second = await agentWith(catalog, [{ text: "ok" }], store);
    await second.glove.rejectSlot(outcome.slots[0].id, "Not now.");
    await second.glove.continueRun();
    expect(lastResult(second)).toEqual({
      status: "error",
      message: "The person did not reconnect Acme CRM.",
      data: { code: "auth_expired" },
    });
    expect(catalog.calls).toHaveLength(1);
  });

  it(`after ${MAX_RECONNECT_ROUNDS} rounds the call fails instead of asking again; the k-th reconnect is the k-th card`, async () => {
    const store = new MemoryStore();
    const catalog = new FakeCatalog([READ], [AUTH]);
    const first = await agentWith(catalog, [call("crm__lookup")], store);
    let outcome: { status: string; slots?: SlotRecord[] } = await first.glove.processRequest("look it up");
    for (let round = 1; round <= MAX_RECONNECT_ROUNDS; round++) {
      if (outcome.status !== "suspended") throw new Error(`expected reconnect card ${round}`);
      expect(outcome.slots?.map((slot) => slot.index)).toEqual([round]);
      const next = await agentWith(catalog, round === MAX_RECONNECT_ROUNDS ? [{ text: "gave up" }] : [], store);
      await next.glove.resolveSlot(outcome.slots![0].id, { reconnected: true });
      outcome = await next.glove.continueRun();
      if (round === MAX_RECONNECT_ROUNDS) {
        expect(outcome.status).toBe("completed");
        expect(lastResult(next)).toMatchObject({
          status: "error",
          message: expect.stringContaining("still refused the credential after 3 reconnects"),
        });
      }
    }
    // One try per execution: the first, and one after each answered card.
    expect(catalog.calls).toHaveLength(MAX_RECONNECT_ROUNDS + 1);
    expect(await store.listSlots()).toHaveLength(MAX_RECONNECT_ROUNDS);
  });

  it("nothing hangs: an unanswered card expires with the slot TTL and the model is told", async () => {
    let now = new Date("2030-01-01T00:00:00Z");
    const store = new MemoryStore();
    const catalog = new FakeCatalog([READ], [AUTH]);
    const first = await agentWith(catalog, [call("crm__lookup"), { text: "nobody came" }], store, () => now);
    await first.glove.processRequest("look it up");
    const [card] = await store.listSlots({ status: "pending" });
    expect(card.expires_at).toBe("2030-01-01T00:01:00.000Z");
    now = new Date("2030-01-01T00:01:00Z");
    expect((await first.glove.expireSlots()).continuable).toBe(true);
    await first.glove.continueRun();
    expect(lastResult(first)).toMatchObject({
      status: "error",
      message: expect.stringContaining("before the card expired"),
      data: { code: "auth_expired" },
    });
    expect(catalog.calls).toHaveLength(1);
  });
});

describe("tool titles for people", () => {
  it("maps each offered tool's model name to its title, the server's own title first", async () => {
    const titled = enabledTool({ name: "lookup_contact", title: "Look up contact" });
    const catalog = new FakeCatalog([titled, WRITE, enabledTool({ name: "broken", inputSchema: { type: "string" } })]);
    expect(await connectorToolTitles(catalog)).toEqual({
      crm__lookup_contact: "Acme CRM: Look up contact",
      crm__create_note: "Acme CRM: Create note",
    });
  });
});
