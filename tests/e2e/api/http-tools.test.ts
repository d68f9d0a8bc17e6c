// HTTP tools over HTTP: admins define, change, try and delete them; members may list but not change
// (403); secrets are write-only; "Try it" reaches a real receiver with the secret while the answer
// shows only {{secret.NAME}}; bad definitions are a 422 that names the field.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appBaseURL } from "../support/env";
import { teamOf } from "../support/teams";
import { startWebhookReceiver, type WebhookReceiver } from "../../support/webhook-receiver";

type Tool = { id: string; name: string; url_template: string; requires_permission: boolean };
type ErrorBody = { error: { code: string; message: string; details?: { issues?: { path: string }[] } } };

let team: Awaited<ReturnType<typeof teamOf>>;
let receiver: WebhookReceiver;
const SECRET_VALUE = "e2e-secret-7d1f0c";

beforeAll(async () => {
  team = await teamOf(appBaseURL());
  receiver = await startWebhookReceiver();
  receiver.respond((request) => ({
    status: 200,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ found: request.path, token: request.headers["x-token"] }),
  }));
});
afterAll(() => receiver.close());

const tools = () => `/api/orgs/${team.slug}/http-tools`;
const secrets = () => `/api/orgs/${team.slug}/http-tool-secrets`;
const definition = () => ({
  name: "lookup_order",
  description: "Looks an order up.",
  fields: [{ id: "order_id", label: "Order id", type: "text" }],
  method: "GET",
  url_template: `http://127.0.0.1:${receiver.port}/orders/{{input.order_id}}`,
  headers: { "X-Token": "{{secret.SHOP_TOKEN}}" },
});

describe("HTTP tools API", () => {
  it("admins define and try a tool; the secret reaches the receiver but never an answer", async () => {
    const admin = team.admin.client;
    expect((await admin.json(`${secrets()}/SHOP_TOKEN`, { method: "PUT", json: { value: SECRET_VALUE } })).status).toBe(201);
    const listed = await admin.json<{ secrets: Record<string, unknown>[] }>(secrets());
    expect(listed.body.secrets).toEqual([{ name: "SHOP_TOKEN", created_at: expect.any(String), updated_at: expect.any(String) }]);

    const created = await admin.json<{ tool: Tool }>(tools(), { json: definition() });
    expect(created.status).toBe(201);
    expect(created.body.tool).toMatchObject({ name: "lookup_order", requires_permission: true });

    const tried = await admin.json<{
      request: { url: string; headers: Record<string, string> };
      outcome: { status: string; data: unknown };
    }>(`${tools()}/${created.body.tool.id}/try`, { json: { input: { order_id: "A/1 b" } } });
    expect(tried.status).toBe(200);
    expect(tried.body.request.url).toBe(`http://127.0.0.1:${receiver.port}/orders/A%2F1%20b`);
    expect(tried.body.request.headers["X-Token"]).toBe("{{secret.SHOP_TOKEN}}");
    expect(tried.body.outcome).toEqual({
      status: "success",
      message: null,
      data: { status: 200, content_type: "application/json", body: { found: "/orders/A%2F1%20b", token: "{{secret.SHOP_TOKEN}}" } },
    });
    expect(receiver.received.at(-1)!.headers["x-token"]).toBe(SECRET_VALUE);
    for (const path of [tools(), `${tools()}/${created.body.tool.id}`, secrets(), `/api/orgs/${team.slug}/audit`])
      expect(JSON.stringify((await admin.json(path)).body)).not.toContain(SECRET_VALUE);
  });

  it("a bad definition is a 422 naming the field; a taken name a 409", async () => {
    const admin = team.admin.client;
    const leaky = await admin.json<ErrorBody>(tools(), {
      json: { ...definition(), name: "leaky", url_template: "https://api.example.com/?k={{secret.SHOP_TOKEN}}" },
    });
    expect(leaky.status).toBe(422);
    expect(leaky.body.error.details?.issues?.[0].path).toBe("url_template");
    expect((await admin.json<ErrorBody>(tools(), { json: definition() })).status).toBe(409);
  });

  it("members may list tools but not define, change, try, delete them or touch secrets (403)", async () => {
    const member = team.member.client;
    const listed = await member.json<{ tools: Tool[] }>(tools());
    expect(listed.status).toBe(200);
    const tool = listed.body.tools.find((candidate) => candidate.name === "lookup_order")!;
    expect(tool).toBeDefined();
    const before = receiver.received.length;
    const refused = [
      await member.json(tools(), { json: { ...definition(), name: "members_tool" } }),
      await member.json(`${tools()}/${tool.id}`, { method: "PATCH", json: { description: "Mine" } }),
      await member.json(`${tools()}/${tool.id}/try`, { json: { input: { order_id: "1" } } }),
      await member.json(`${tools()}/${tool.id}`, { method: "DELETE" }),
      await member.json(secrets()),
      await member.json(`${secrets()}/SHOP_TOKEN`, { method: "PUT", json: { value: "member-value" } }),
      await member.json(`${secrets()}/SHOP_TOKEN`, { method: "DELETE" }),
    ];
    expect(refused.map((response) => response.status)).toEqual([403, 403, 403, 403, 403, 403, 403]);
    expect(receiver.received.length).toBe(before);
    expect((await team.admin.client.json<{ tool: Tool }>(`${tools()}/${tool.id}`)).body.tool.url_template).toBe(definition().url_template);
  });
});
