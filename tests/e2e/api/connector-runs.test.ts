// A connector's tools in real runs, over HTTP against the production server with the demo model and the
// test MCP server in its own process: a read-only tool runs without a card and the reply carries its
// answer; a side-effecting one asks first and, approved, reaches the server exactly once; a refused
// per-person token shows the reconnect card and a new token runs the call again; a slow server is a
// timeout result and a huge answer is cut, both read by the model, neither a hang.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appBaseURL } from "../support/env";
import type { TestAccount } from "../support/http-client";
import { answerSlot, createConversation, readToEnd, say, type StreamedEvent } from "../support/run-events";
import { teamOf } from "../support/teams";
import { startMcpFixture, type McpFixture } from "@/tests/support/mcp-fixture/start";

type Connector = { id: string; name: string };
type Snapshot = { messages: { sender: string; text: string }[]; slots: { id: string; renderer: string; status: string }[] };

const SHARED_TOKEN = "runs-shared-token-0123456789";
const GRACE_TOKEN = "grace-first-token-0123456789";
const GRACE_NEW_TOKEN = "grace-second-token-0123456789";

let team: Awaited<ReturnType<typeof teamOf>>;
let mcp: McpFixture;

beforeAll(async () => {
  team = await teamOf(appBaseURL());
  mcp = await startMcpFixture({ tokens: { [SHARED_TOKEN]: "team", [GRACE_TOKEN]: "grace", [GRACE_NEW_TOKEN]: "grace" } });
});
afterAll(() => mcp.stop());

const base = () => `/api/orgs/${team.slug}/connectors`;

/** An admin adds a connector to the fixture and switches tools on, each with its approval setting. */
async function connector(json: Record<string, unknown>, tools: Record<string, { requires_permission?: boolean }>): Promise<Connector> {
  const created = await team.admin.client.json<{ connector: Connector }>(base(), { json: { url: mcp.url, ...json } });
  expect(created.status).toBe(201);
  for (const [tool, setting] of Object.entries(tools)) {
    const changed = await team.admin.client.json(`${base()}/${created.body.connector.id}/tools/${tool}`, {
      method: "PATCH",
      json: { enabled: true, ...setting },
    });
    expect(changed.status).toBe(200);
  }
  return created.body.connector;
}

const newChat = (account: TestAccount) => createConversation(account.client, undefined, team.slug);
const cardOf = (events: StreamedEvent[], renderer: string) =>
  events.find((event) => event.type === "slot_push" && event.data.slot.renderer === renderer)?.data.slot as { id: string } | undefined;
const resultOf = (events: StreamedEvent[], tool: string) =>
  events.find((event) => event.type === "tool_use_result" && event.data.tool_name === tool)?.data.result as
    { status: string; data: unknown; message?: string } | undefined;
const snapshot = async (id: string) => (await team.member.client.json<Snapshot>(`/api/conversations/${id}`)).body;
const lastReply = async (id: string) => (await snapshot(id)).messages.filter((message) => message.sender === "agent").at(-1)?.text;
const callsOf = async (tool: string) => (await mcp.calls()).filter((call) => call.tool === tool);

async function answer(slotId: string, value: unknown) {
  const response = await answerSlot(team.member.client, slotId, "resolve", { value }, { stream: true });
  expect(response.status).toBe(200);
  return readToEnd(response);
}

describe("a shared connector in a member's chat", () => {
  let crm: Connector;
  beforeAll(async () => {
    crm = await connector(
      { name: "crm", title: "Acme CRM", auth_mode: "shared", shared_token: SHARED_TOKEN },
      { lookup_customer: {}, create_ticket: {} },
    );
  });

  it("a read-only tool runs without a card and the reply has its answer", async () => {
    const id = await newChat(team.member);
    const events = await say(team.member.client, id, `use ${crm.name}__lookup_customer {"email": "ada@example.com"}`);
    expect(cardOf(events, "permission_request")).toBeUndefined();
    expect(resultOf(events, "crm__lookup_customer")).toMatchObject({
      status: "success",
      data: "Customer ada@example.com: Ada Lovelace, plan Pro",
    });
    expect(events.at(-1)?.type).toBe("run_completed");
    expect(await lastReply(id)).toContain("Customer ada@example.com: Ada Lovelace, plan Pro");
    expect(await callsOf("lookup_customer")).toEqual([{ tool: "lookup_customer", args: { email: "ada@example.com" }, person: "team" }]);
  });

  it("a side-effecting tool asks first; approved, the server gets exactly one call with those arguments", async () => {
    const id = await newChat(team.member);
    const asked = await say(team.member.client, id, `use crm__create_ticket {"subject": "Printer on fire", "body": "Floor 3"}`);
    expect(asked.at(-1)?.type).toBe("run_suspended");
    const card = cardOf(asked, "permission_request")!;
    expect(card).toBeDefined();
    expect(await callsOf("create_ticket")).toEqual([]);

    const done = await answer(card.id, { decision: "allow_once" });
    expect(resultOf(done, "crm__create_ticket")).toMatchObject({
      status: "success",
      data: expect.stringMatching(/^Created ticket T-\d+$/),
    });
    expect(done.at(-1)?.type).toBe("run_completed");
    const expected = [{ tool: "create_ticket", args: { subject: "Printer on fire", body: "Floor 3" }, person: "team" }];
    expect(await callsOf("create_ticket")).toEqual(expected);

    // A reload draws the settled card and the reply; it runs nothing again.
    const reloaded = await snapshot(id);
    expect(reloaded.slots.find((slot) => slot.id === card.id)).toMatchObject({ status: "resolved" });
    expect(reloaded.messages.filter((message) => message.sender === "agent").at(-1)?.text).toMatch(/Created ticket T-\d+/);
    expect(await callsOf("create_ticket")).toEqual(expected);
  });
});

describe("a per-person connector whose token expired", () => {
  it("shows the reconnect card; a new token and the card's answer run the call again as the person", async () => {
    const mine = await connector({ name: "desk", title: "Help desk", auth_mode: "per_person" }, { whoami: { requires_permission: false } });
    const credential = `${base()}/${mine.id}/credential`;
    expect((await team.member.client.json(credential, { method: "PUT", json: { token: GRACE_TOKEN } })).status).toBe(200);
    await mcp.post("/control/expire", { token: GRACE_TOKEN });

    const id = await newChat(team.member);
    const asked = await say(team.member.client, id, "use desk__whoami");
    expect(asked.at(-1)?.type).toBe("run_suspended");
    const card = cardOf(asked, "reconnect_connector")!;
    expect(card).toBeDefined();
    expect(await callsOf("whoami")).toEqual([]);

    expect((await team.member.client.json(credential, { method: "PUT", json: { token: GRACE_NEW_TOKEN } })).status).toBe(200);
    const done = await answer(card.id, { reconnected: true });
    expect(resultOf(done, "desk__whoami")).toMatchObject({ status: "success", data: "You are grace" });
    expect(done.at(-1)?.type).toBe("run_completed");
    expect(await lastReply(id)).toContain("You are grace");
    expect(await callsOf("whoami")).toEqual([{ tool: "whoami", args: {}, person: "grace" }]);
  });
});

describe("a slow or huge answer", () => {
  let reports: Connector;
  beforeAll(async () => {
    reports = await connector(
      { name: "reports", title: "Reports", timeout_ms: 1_000, max_result_chars: 1_000 },
      { slow_report: { requires_permission: false }, export_all: {} },
    );
  });

  it("a server slower than the connector's timeout is a timeout result the model reads", async () => {
    const id = await newChat(team.member);
    const events = await say(team.member.client, id, `use ${reports.name}__slow_report`);
    const result = resultOf(events, "reports__slow_report");
    expect(result).toMatchObject({ status: "error" });
    expect(JSON.stringify(result)).toContain("did not answer within its time limit of 1 seconds");
    expect(events.at(-1)?.type).toBe("run_completed");
    expect(await lastReply(id)).toContain("did not answer within its time limit");
  });

  it("an answer longer than the connector's limit is cut, and the result says how much", async () => {
    const id = await newChat(team.member);
    const events = await say(team.member.client, id, "use reports__export_all");
    const result = resultOf(events, "reports__export_all")!;
    expect(result.status).toBe("success");
    const text = String(result.data);
    expect(text.startsWith("row 000001 ")).toBe(true);
    expect(text).toMatch(/\[Result cut: kept the first 1,000 of [\d,]+ characters\./);
    expect(text.length).toBeLessThan(1_300);
    expect(events.at(-1)?.type).toBe("run_completed");
  });
});
