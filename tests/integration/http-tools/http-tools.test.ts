// HTTP tools a team defines, against a real receiver on loopback: what reaches it (encoded
// templating, the secret, the idempotency key), what never holds the secret (run events, the
// snapshot, stored messages, "Try it", the audit), the SSRF guard on save and on call, error
// results, the approval card, and other organizations kept out.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Glove } from "@/lib/agent/agent";
import { createConversation } from "@/lib/db/conversations";
import { deleteHttpTool, findHttpTool, putHttpToolSecret } from "@/lib/db/http-tools";
import { PostgresStore } from "@/lib/db/postgres-store";
import { listRunEventsAfter } from "@/lib/db/run-events";
import type { TenantContext } from "@/lib/db/tenant-context";
import { ScriptedModel } from "@/lib/models/testing";
import type { CreateHttpToolInput } from "@/lib/schemas/http-tools";
import { createHttpToolSchema } from "@/lib/schemas/http-tools";
import { enabledTools } from "@/lib/server/agent/conversation-agent";
import { loadAgentSettings } from "@/lib/server/agent/settings";
import { conversationSnapshot } from "@/lib/server/conversations/snapshot";
import { conversationRecorder } from "@/lib/server/events/conversation-recorder";
import { callHttpTool, RESPONSE_CAP_BYTES } from "@/lib/server/http-tools/call-http-tool";
import { createHttpToolChecked, updateHttpToolChecked } from "@/lib/server/http-tools/definition-service";
import { sealHttpToolSecret } from "@/lib/server/http-tools/secrets";
import { storedHttpTool } from "@/lib/server/http-tools/stored-tool";
import { tryHttpTool } from "@/lib/server/http-tools/try-http-tool";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { createTenant } from "@/tests/integration/store/support";
import { startWebhookReceiver, type WebhookReceiver } from "@/tests/support/webhook-receiver";

const SECRET = "tok_9f3c2a71-very-secret";
const OTHER_SECRET = "tok_other-organizations-value";

let tenant: TenantContext;
let other: TenantContext;
let receiver: WebhookReceiver;

const definition = (over: Partial<CreateHttpToolInput> = {}) =>
  createHttpToolSchema.parse({
    name: "create_note",
    description: "Adds a note to an order.",
    fields: [
      { id: "order_id", label: "Order id", type: "text" },
      { id: "text", label: "Note", type: "long_text" },
      { id: "count", label: "Count", type: "integer", required: false },
    ],
    method: "POST",
    url_template: `http://127.0.0.1:${receiver.port}/orders/{{input.order_id}}/notes?tag={{input.text}}`,
    headers: { Authorization: "Bearer {{secret.CRM_TOKEN}}" },
    body_template: { text: "{{input.text}}", count: "{{input.count}}", order: "Order {{input.order_id}}" },
    ...over,
  });

const privateAllowed = { allowPrivate: true };
const secretsOf = async (ctx: TenantContext, value: string) =>
  putHttpToolSecret(ctx, "CRM_TOKEN", sealHttpToolSecret(ctx.organizationId, "CRM_TOKEN", value));

beforeAll(async () => {
  vi.stubEnv("ENCRYPTION_KEY", "integration-test-key");
  vi.stubEnv("OUTBOUND_ALLOW_PRIVATE", "1");
  receiver = await startWebhookReceiver();
  // The receiver echoes what it got, headers included: a server that reflects the secret must not leak it.
  receiver.respond((request) => ({
    status: 201,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ok: true, path: request.path, authorization: request.headers.authorization }),
  }));
  [tenant, other] = await Promise.all([createTenant("tools"), createTenant("intruders")]);
  await secretsOf(tenant, SECRET);
  await secretsOf(other, OTHER_SECRET);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await receiver.close();
});

describe("saving an HTTP tool", () => {
  it("refuses the metadata address and private addresses without the operator's flag, naming the flag", async () => {
    for (const url of ["http://169.254.169.254/latest/meta-data/{{input.order_id}}", `http://127.0.0.1:${receiver.port}/x`]) {
      const error = await createHttpToolChecked(tenant, definition({ url_template: url, name: "ssrf_tool" }), {
        allowPrivate: false,
      }).catch((caught: unknown) => caught);
      expect(error).toMatchObject({
        status: 422,
        code: "invalid_http_tool",
        details: { issues: [{ path: "url_template", message: expect.stringContaining("OUTBOUND_ALLOW_PRIVATE=1") }] },
      });
    }
    expect(await getTestPrisma().httpTool.count({ where: { organizationId: tenant.organizationId, name: "ssrf_tool" } })).toBe(0);
  });

  it("refuses a secret in the URL and a secret the organization does not have", async () => {
    await expect(
      createHttpToolChecked(
        tenant,
        definition({ name: "leaky", url_template: "https://api.example.com/x?key={{secret.CRM_TOKEN}}" }),
        privateAllowed,
      ),
    ).rejects.toMatchObject({ status: 422, details: { issues: [{ path: "url_template" }] } });
    await expect(
      createHttpToolChecked(tenant, definition({ name: "unknown_secret", headers: { "X-Key": "{{secret.NOT_THERE}}" } }), privateAllowed),
    ).rejects.toMatchObject({ status: 422, details: { issues: [{ path: "headers.X-Key" }] } });
  });

  it("a second tool of the same name is a 409; a PATCH that removes a field still used is a 422", async () => {
    const tool = await createHttpToolChecked(tenant, definition({ name: "twice" }), privateAllowed);
    await expect(createHttpToolChecked(tenant, definition({ name: "twice" }), privateAllowed)).rejects.toMatchObject({ status: 409 });
    await expect(updateHttpToolChecked(tenant, tool.id, { fields: [] }, privateAllowed)).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining("names no input field"),
    });
    // Another organization may use the name.
    await expect(createHttpToolChecked(other, definition({ name: "twice" }), privateAllowed)).resolves.toMatchObject({ name: "twice" });
  });

  it("an 'always allow' does not outlive what it was given for: a changed request or a deleted tool forgets it", async () => {
    const prisma = getTestPrisma();
    const grant = (toolName: string, organizationId = tenant.organizationId) =>
      prisma.toolPermission.create({ data: { organizationId, toolName, inputKey: "", userId: "", status: "granted" } });
    const grantsOf = async (toolName: string, organizationId = tenant.organizationId) =>
      prisma.toolPermission.count({ where: { organizationId, toolName } });
    const tool = await createHttpToolChecked(tenant, definition({ name: "granted" }), privateAllowed);
    await grant("granted");
    await grant("granted", other.organizationId);
    await updateHttpToolChecked(tenant, tool.id, { description: "Same request, new words." }, privateAllowed);
    expect(await grantsOf("granted")).toBe(1);
    await updateHttpToolChecked(tenant, tool.id, { method: "PUT" }, privateAllowed);
    expect(await grantsOf("granted")).toBe(0);
    await grant("granted");
    await deleteHttpTool(tenant, tool.id);
    expect(await grantsOf("granted")).toBe(0);
    // Another organization's grant of a tool with that name is its own.
    expect(await grantsOf("granted", other.organizationId)).toBe(1);
  });
});

describe("calling an HTTP tool", () => {
  it("reaches the receiver encoded, with the secret and the call id as Idempotency-Key; nothing returned holds the secret", async () => {
    const view = await createHttpToolChecked(tenant, definition({ name: "try_me" }), privateAllowed);
    const before = receiver.received.length;
    const tried = await tryHttpTool(tenant, view.id, { order_id: "../admin", text: "a&b=c #1", count: 2 });
    const [request] = receiver.received.slice(before);
    expect(request.path).toBe("/orders/..%2Fadmin/notes?tag=a%26b%3Dc%20%231");
    expect(request.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(request.headers["idempotency-key"]).toMatch(/^try_/);
    expect(JSON.parse(request.body)).toEqual({ text: "a&b=c #1", count: 2, order: "Order ../admin" });

    expect(tried.request?.headers.Authorization).toBe("Bearer {{secret.CRM_TOKEN}}");
    expect(tried.outcome).toMatchObject({
      status: "success",
      data: { status: 201, content_type: "application/json", body: { ok: true, authorization: "Bearer {{secret.CRM_TOKEN}}" } },
    });
    expect(JSON.stringify(tried)).not.toContain(SECRET);
  });

  it("an input the schema refuses is a 422 per field, and nothing is sent", async () => {
    const view = await createHttpToolChecked(tenant, definition({ name: "strict_input" }), privateAllowed);
    const before = receiver.received.length;
    await expect(tryHttpTool(tenant, view.id, { order_id: "", text: "x", count: 1.5 })).rejects.toMatchObject({
      status: 422,
      details: {
        issues: expect.arrayContaining([
          expect.objectContaining({ path: "input.order_id" }),
          expect.objectContaining({ path: "input.count" }),
        ]),
      },
    });
    expect(receiver.received.length).toBe(before);
  });

  it("non-2xx, a redirect, a timeout and a huge answer are results the model can act on", async () => {
    const tool = storedHttpTool(
      (await findHttpTool(
        tenant,
        (await createHttpToolChecked(tenant, definition({ name: "errors", timeout_ms: 1000 }), privateAllowed)).id,
      ))!,
    );
    const input = { order_id: "1", text: "x" };
    let release: () => void = () => {};
    const answers = [
      () => ({ status: 404, body: `No order 1. ${"detail ".repeat(200)}` }),
      () => ({ status: 302, headers: { location: "http://169.254.169.254/latest/meta-data" } }),
      () => ({ status: 200, until: new Promise<void>((resolve) => (release = resolve)) }),
      () => ({ status: 200, headers: { "content-type": "application/json" }, body: JSON.stringify({ items: "x".repeat(40_000) }) }),
    ];
    let call = 0;
    receiver.respond(() => answers[call++]());

    const notFound = (await callHttpTool(tenant, tool, input, "c1")).result;
    expect(notFound).toMatchObject({
      status: "error",
      message: expect.stringMatching(/^The server answered 404: No order 1\. detail/),
      data: { status: 404 },
    });
    expect(notFound.message!.length).toBeLessThan(600);

    const redirect = (await callHttpTool(tenant, tool, input, "c2")).result;
    expect(redirect).toMatchObject({ status: "error", message: expect.stringContaining("redirects are not followed") });
    expect(receiver.received.filter((request) => request.headers["idempotency-key"] === "c2")).toHaveLength(1);

    const slow = (await callHttpTool(tenant, tool, input, "c3")).result;
    release();
    expect(slow).toMatchObject({ status: "error", message: expect.stringContaining("no answer within 1 s"), data: { error: "timeout" } });

    const huge = (await callHttpTool(tenant, tool, input, "c4")).result;
    expect(huge).toMatchObject({
      status: "success",
      data: { status: 200, cut: expect.stringContaining(`only the first ${RESPONSE_CAP_BYTES} bytes`) },
    });
    expect((huge.data as { body: string }).body).toHaveLength(RESPONSE_CAP_BYTES);
    receiver.respond(() => ({ status: 204 }));
  });

  it("a server that echoes the secret in other escapes, or cut in half at the cap, never gets it into the result", async () => {
    const tool = storedHttpTool(
      (await findHttpTool(tenant, (await createHttpToolChecked(tenant, definition({ name: "echoes" }), privateAllowed)).id))!,
    );
    const unicodeEscaped = [...SECRET].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");
    const answers = [
      () => ({ status: 200, headers: { "content-type": "application/json" }, body: `{"token":"${unicodeEscaped}","${unicodeEscaped}":1}` }),
      () => ({ status: 200, headers: { "content-type": "text/plain" }, body: "x".repeat(RESPONSE_CAP_BYTES - 10) + SECRET }),
    ];
    let call = 0;
    receiver.respond(() => answers[call++]());
    const escaped = (await callHttpTool(tenant, tool, { order_id: "1", text: "x" }, "e1")).result;
    expect(escaped).toMatchObject({ status: "success", data: { body: { token: "{{secret.CRM_TOKEN}}" } } });
    const cut = (await callHttpTool(tenant, tool, { order_id: "1", text: "x" }, "e2")).result;
    expect((cut.data as { body: string }).body.endsWith("{{secret.CRM_TOKEN}}")).toBe(true);
    for (const result of [escaped, cut]) expect(JSON.stringify(result)).not.toContain(SECRET.slice(0, 10));
    receiver.respond(() => ({ status: 204 }));
  });

  it("refuses a private receiver at call time when the operator's flag is off, and sends nothing", async () => {
    const view = await createHttpToolChecked(tenant, definition({ name: "flag_off" }), privateAllowed);
    const before = receiver.received.length;
    const { result } = await callHttpTool(
      tenant,
      storedHttpTool((await findHttpTool(tenant, view.id))!),
      { order_id: "1", text: "x" },
      "c5",
      {
        env: { OUTBOUND_ALLOW_PRIVATE: false },
      },
    );
    expect(result).toMatchObject({
      status: "error",
      data: { error: "private_address" },
      message: expect.stringContaining("OUTBOUND_ALLOW_PRIVATE=1"),
    });
    expect(receiver.received.length).toBe(before);
  });
});

describe("an HTTP tool in a run", () => {
  it("asks permission; approved, the receiver sees exactly one request keyed by the call id; events, snapshot and messages never hold the secret", async () => {
    await createHttpToolChecked(tenant, definition({ name: "agent_note" }), privateAllowed);
    receiver.respond((request) => ({
      status: 200,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ saw: request.headers.authorization }),
    }));
    const { id: conversationId } = await createConversation(tenant);
    const store = await PostgresStore.open(getTestPrisma(), { organizationId: tenant.organizationId, conversationId });
    const recorder = conversationRecorder(tenant, conversationId, 1);
    const model = new ScriptedModel([
      { text: "Adding the note.", toolCalls: [{ id: "call-note-1", name: "agent_note", input: { order_id: "A 1", text: "hi" } }] },
      { text: "Done." },
    ]);
    const glove = new Glove({ store, model, systemPrompt: "You test." }).addSubscriber(recorder);
    for (const tool of await enabledTools(tenant, conversationId, await loadAgentSettings(tenant))) glove.fold(tool);
    glove.build();

    const before = receiver.received.length;
    const suspended = await glove.processRequest("Note hi on A 1");
    expect(suspended).toMatchObject({ status: "suspended", slots: [{ call_id: "call-note-1", status: "pending" }] });
    expect(receiver.received.length).toBe(before);

    const slotId = suspended.status === "suspended" ? suspended.slots[0].id : "";
    expect(await glove.resolveSlot(slotId, { decision: "allow_once" })).toMatchObject({ changed: true, continuable: true });
    expect(await glove.continueRun()).toMatchObject({ status: "completed" });
    await recorder.flush();

    const sent = receiver.received.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      path: "/orders/A%201/notes?tag=hi",
      headers: { "idempotency-key": "call-note-1", authorization: `Bearer ${SECRET}` },
    });

    const events = await listRunEventsAfter(tenant, conversationId, 0, 1000);
    const messages = await store.getMessages();
    const snapshot = await conversationSnapshot(tenant, conversationId);
    expect(events.length).toBeGreaterThan(0);
    expect(JSON.stringify(messages)).toContain("{{secret.CRM_TOKEN}}");
    for (const stored of [events, messages, snapshot]) expect(JSON.stringify(stored)).not.toContain(SECRET);
    const audit = await getTestPrisma().auditLog.findMany({ where: { organizationId: tenant.organizationId } });
    expect(audit.map((entry) => entry.action)).toEqual(expect.arrayContaining(["http_tool.created", "http_tool_secret.created"]));
    expect(JSON.stringify(audit)).not.toContain(SECRET);
    receiver.respond(() => ({ status: 204 }));
  });

  it("a disabled tool is not offered to the agent", async () => {
    const view = await createHttpToolChecked(tenant, definition({ name: "switched_off", enabled: false }), privateAllowed);
    const { id: conversationId } = await createConversation(tenant);
    const names = (await enabledTools(tenant, conversationId, await loadAgentSettings(tenant))).map((tool) => tool.name);
    expect(names).toContain("agent_note");
    expect(names).not.toContain("switched_off");
    await updateHttpToolChecked(tenant, view.id, { enabled: true }, privateAllowed);
    expect((await enabledTools(tenant, conversationId, await loadAgentSettings(tenant))).map((tool) => tool.name)).toContain(
      "switched_off",
    );
  });
});

describe("other organizations", () => {
  it("cannot read, change, try or delete a tool; a call uses its own organization's secret", async () => {
    const view = await createHttpToolChecked(tenant, definition({ name: "private_one" }), privateAllowed);
    expect(await findHttpTool(other, view.id)).toBeNull();
    await expect(updateHttpToolChecked(other, view.id, { description: "Mine now" }, privateAllowed)).rejects.toMatchObject({ status: 404 });
    await expect(tryHttpTool(other, view.id, { order_id: "1", text: "x" })).rejects.toMatchObject({ status: 404 });
    expect(await deleteHttpTool(other, view.id)).toBe(false);
    expect(await findHttpTool(tenant, view.id)).toMatchObject({ description: "Adds a note to an order." });

    const theirs = await createHttpToolChecked(other, definition({ name: "their_tool" }), privateAllowed);
    const before = receiver.received.length;
    await tryHttpTool(other, theirs.id, { order_id: "1", text: "x" });
    expect(receiver.received.slice(before).map((request) => request.headers.authorization)).toEqual([`Bearer ${OTHER_SECRET}`]);
  });
});
