import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../support/http-client";
import { appBaseURL } from "../support/env";
import { createConversation, say, type StreamedEvent } from "../support/run-events";
import { sql } from "../support/sql";
import { SHARED_API_ROUTES, TENANT_API_ROUTES, TENANT_PAGES, type TenantRoute } from "../support/tenant-routes";
import { insertSubmission } from "@/tests/support/form-submission-rows";
import { expenseClaimForm } from "@/prisma/demo-forms";
import { startMcpFixture, type McpFixture } from "@/tests/support/mcp-fixture/start";

let victim: TestAccount;
let intruder: TestAccount;
let intruderKey: string;
let fill: (path: string) => string;
let mcp: McpFixture;
let victimObjects: {
  formId: string;
  instanceId: string;
  apiKeyId: string;
  submissionId: string;
  inboxItemId: string;
  conversationId: string;
  inboundEndpointId: string;
  webhookEndpointId: string;
  connectorId: string;

  httpToolId: string;
};

const ALL_SCOPES = ["inbox:read", "inbox:write", "conversations:read", "conversations:write", "forms:read", "webhooks:write"];
const pushedSlot = (events: StreamedEvent[], renderer: string) =>
  events.find((event) => event.type === "slot_push" && event.data.slot.renderer === renderer)!.data.slot;

/** The victim's real objects, so every placeholder names something that exists (a 404 then proves isolation). */
async function victimWorld(owner: TestAccount) {
  const slug = owner.orgSlug;
  const imported = await owner.client.json<{ form: { id: string } }>(`/api/orgs/${slug}/forms/import`, {
    json: { format: "handoff.form", formatVersion: 1, definition: expenseClaimForm },
  });
  await owner.client.json(`/api/orgs/${slug}/agent`, {
    method: "PUT",
    json: { name: "Helper", enabledTools: [], enabledForms: ["expense-claim"] },
  });
  const conversationId = await createConversation(owner.client, undefined, slug);
  const instanceId = pushedSlot(await say(owner.client, conversationId, "start the expense claim"), "form_card").props.instanceId as string;
  const inboxEvents = await say(owner.client, conversationId, "ask finance to approve the Q3 budget");
  const inboxItemId = inboxEvents.findLast((event) => event.type === "inbox_updated")!.data.items[0].public_id as string;
  const invite = await owner.client.json<{ invite: { id: string } }>(`/api/orgs/${slug}/invites`, {
    json: { email: "pending@example.com" },
  });
  const key = await owner.client.json<{ key: { id: string } }>(`/api/orgs/${slug}/api-keys`, {
    json: { name: "Victim", scopes: ["inbox:read"] },
  });
  const inbound = await owner.client.json<{ endpoint: { id: string } }>(`/api/orgs/${slug}/inbound-endpoints`, {
    json: { name: "Victim's finance", tags: ["finance"], authKind: "hub_signature", correlationPath: "data.order_id" },
  });
  // An endpoint nobody listens on (deliveries to it fail and are retried; only its ids matter here) and one delivery.
  const endpoint = await owner.client.json<{ endpoint: { id: string } }>(`/api/orgs/${slug}/webhooks`, {
    json: { url: "http://127.0.0.1:9/victim-hook", event_types: ["run.completed"] },
  });
  const testEvent = await owner.client.json<{ delivery_id: string }>(`/api/orgs/${slug}/webhooks/${endpoint.body.endpoint.id}/test`, {
    method: "POST",
  });
  const pendingFile = await owner.client.json<{ id: string }>(`/api/orgs/${slug}/attachments?name=plans.txt`, {
    method: "POST",
    body: "Secret plans",
    headers: { "content-type": "application/octet-stream" },
  });
  await owner.client.json(`/api/orgs/${slug}/http-tool-secrets/VICTIM_TOKEN`, { method: "PUT", json: { value: "victim-token-value" } });
  const httpTool = await owner.client.json<{ tool: { id: string } }>(`/api/orgs/${slug}/http-tools`, {
    json: {
      name: "victim_tool",
      description: "The victim's own tool.",
      fields: [{ id: "id", label: "Id", type: "text" }],
      method: "GET",
      url_template: "http://127.0.0.1:9/orders/{{input.id}}",
      headers: { Authorization: "Bearer {{secret.VICTIM_TOKEN}}" },
    },
  });
  const organizationExport = await owner.client.json<{ export: { id: string } }>(`/api/orgs/${slug}/exports`, { method: "POST" });
  // A per-person connector on the test MCP server, one tool enabled, the victim connected.
  const connector = await owner.client.json<{ connector: { id: string } }>(`/api/orgs/${slug}/connectors`, {
    json: { name: "victim_crm", title: "Victim CRM", url: mcp.url, auth_mode: "per_person" },
  });
  const connectorId = connector.body.connector.id;
  await owner.client.json(`/api/orgs/${slug}/connectors/${connectorId}/tools/lookup_customer`, {
    method: "PATCH",
    json: { enabled: true },
  });
  await owner.client.json(`/api/orgs/${slug}/connectors/${connectorId}/credential`, { method: "PUT", json: { token: "victim-token" } });
  // A sign-in the victim started and the authorization server approved: the callback's real query.
  const signIn = await owner.client.json<{ authorization_url: string }>(`/api/orgs/${slug}/connectors/${connectorId}/oauth/start`, {
    json: {},
  });
  const approval = new URL(signIn.body.authorization_url);
  approval.searchParams.set("as", "victim");
  const signInQuery = new URL((await fetch(approval, { redirect: "manual" })).headers.get("location")!).search.slice(1);
  const [{ id: organizationId }] = await sql<{ id: string }>(`SELECT "id" FROM "Organization" WHERE "slug" = $1`, [slug]);
  const submissionId = await insertSubmission(sql, {
    organizationId,
    formId: imported.body.form.id,
    formKey: "expense-claim",
    values: { purpose: "Kept" },
  });
  // A standing grant and a pending request of the victim's (no card answer needed: only their ids matter here).
  const [{ id: permissionId }] = await sql<{ id: string }>(
    `INSERT INTO "ToolPermission" ("id", "organizationId", "toolName", "inputKey", "userId", "status", "updatedAt")
     VALUES ('victim-grant-' || md5(random()::text), $1, 'send_email', '', '', 'granted', now()) RETURNING "id"`,
    [organizationId],
  );
  const [{ id: permissionRequestId }] = await sql<{ id: string }>(
    `INSERT INTO "PermissionRequest" ("id", "organizationId", "toolName", "inputKey", "requestedById", "conversationId", "slotId")
     VALUES ('victim-request-' || md5(random()::text), $1, 'send_email', '', $2, $3, 'victim-slot-' || md5(random()::text)) RETURNING "id"`,
    [organizationId, owner.userId, conversationId],
  );
  return {
    permissionId,
    permissionRequestId,
    formId: imported.body.form.id,
    conversationId,
    instanceId,
    inboxItemId,
    inviteId: invite.body.invite.id,
    apiKeyId: key.body.key.id,
    submissionId,
    webhookEndpointId: endpoint.body.endpoint.id,
    webhookDeliveryId: testEvent.body.delivery_id,
    inboundEndpointId: inbound.body.endpoint.id,
    httpToolId: httpTool.body.tool.id,
    exportId: organizationExport.body.export.id,
    pendingAttachmentId: pendingFile.body.id,
    connectorId,
    signInQuery,
  };
}

beforeAll(async () => {
  mcp = await startMcpFixture({ tokens: { "victim-token": "victim" } });
  victim = await createAccount(appBaseURL(), "victim");
  intruder = await createAccount(appBaseURL(), "intruder");
  const world = await victimWorld(victim);
  victimObjects = world;
  const key = await intruder.client.json<{ secret: string }>(`/api/orgs/${intruder.orgSlug}/api-keys`, {
    json: { name: "Intruder", scopes: ALL_SCOPES },
  });
  intruderKey = key.body.secret;
  const values: Record<string, string> = {
    org: victim.orgSlug,
    userId: victim.userId,
    inviteId: world.inviteId,
    permissionId: world.permissionId,
    permissionRequestId: world.permissionRequestId,
    apiKeyId: world.apiKeyId,
    formId: world.formId,
    version: "1",
    submissionId: world.submissionId,
    conversationId: world.conversationId,
    instanceId: world.instanceId,
    inboxItemId: encodeURIComponent(world.inboxItemId),
    webhookEndpointId: world.webhookEndpointId,
    webhookDeliveryId: world.webhookDeliveryId,
    inboundEndpointId: world.inboundEndpointId,
    httpToolId: world.httpToolId,
    httpToolSecretName: "VICTIM_TOKEN",
    exportId: world.exportId,
    pendingAttachmentId: world.pendingAttachmentId,
    connectorId: world.connectorId,
    signInQuery: world.signInQuery,
    connectorToolName: "lookup_customer",
    // The victim's real item, an expiry a year ahead, and a signature of the right form that nobody made.
    forgedLinkToken: `${world.inboxItemId}.${Math.floor(Date.now() / 1000 + 365 * 86400).toString(36)}.${"A".repeat(43)}`,
    unknownPath: "no-such-thing",
  };
  fill = (path) => path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
});

afterAll(() => mcp.stop());

/** Asks a route as the intruder: its session, or its API key for the public API (no cookie). */
async function askAsIntruder(route: TenantRoute) {
  if (route.auth !== "apiKey") return intruder.client.json(fill(route.path), { method: route.method, json: route.json });
  const response = await fetch(`${appBaseURL()}${fill(route.path)}`, {
    method: route.method,
    headers: { authorization: `Bearer ${intruderKey}`, ...(route.json !== undefined && { "content-type": "application/json" }) },
    ...(route.json !== undefined && { body: JSON.stringify(route.json) }),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe("a member of organization A reaches nothing of organization B", () => {
  it.each(TENANT_PAGES)("page %s → 404", async (page) => {
    const response = await intruder.client.request(fill(page));
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain(`${victim.name} Team`);
  });

  it("every placeholder is one of the victim's objects", () => {
    for (const route of [...TENANT_PAGES, ...[...TENANT_API_ROUTES, ...SHARED_API_ROUTES].map((r) => r.path)])
      expect(fill(route)).not.toMatch(/\{\w+\}/);
  });

  it.each(TENANT_API_ROUTES)("$method $path → 404", async (route) => {
    const { status, body } = await askAsIntruder(route);
    expect(status).toBe(404);
    expect(JSON.stringify(body)).not.toContain(victim.email);
  });

  it.each(SHARED_API_ROUTES)("$method $path answers the intruder as it answers anyone, with nothing of B in it", async (route) => {
    const asIntruder = await askAsIntruder(route);
    const anonymous = await fetch(`${appBaseURL()}${fill(route.path)}`, { method: route.method });
    expect(asIntruder.status).toBe(anonymous.status);
    expect(asIntruder.body).toEqual(await anonymous.json());
    const text = JSON.stringify(asIntruder.body);
    for (const secret of [victim.email, victim.orgSlug, victimObjects.inboxItemId, victimObjects.conversationId, victimObjects.formId])
      expect(text).not.toContain(secret);
  });

  it("and nothing of B changed", async () => {
    const org = await victim.client.json<{ organization: { name: string; role: string } }>(`/api/orgs/${victim.orgSlug}`);
    expect(org.body.organization).toMatchObject({ name: `${victim.name} Team`, role: "owner" });
    const invites = await victim.client.json<{ invites: { email: string }[] }>(`/api/orgs/${victim.orgSlug}/invites`);
    expect(invites.body.invites.map((i) => i.email)).toEqual(["pending@example.com"]);
    const members = await victim.client.json<{ members: unknown[] }>(`/api/orgs/${victim.orgSlug}/members`);
    expect(members.body.members).toHaveLength(1);
    const keys = await victim.client.json<{ keys: { id: string; revokedAt: string | null }[] }>(`/api/orgs/${victim.orgSlug}/api-keys`);
    expect(keys.body.keys).toEqual([expect.objectContaining({ id: victimObjects.apiKeyId, revokedAt: null })]);
    const form = await victim.client.json<{ form: { currentVersion: number; archived: boolean } }>(
      `/api/orgs/${victim.orgSlug}/forms/${victimObjects.formId}`,
    );
    expect(form.body.form).toMatchObject({ currentVersion: 1, archived: false });
    const forms = await victim.client.json<{ forms: { key: string }[] }>(`/api/orgs/${victim.orgSlug}/forms`);
    expect(forms.body.forms.map((f) => f.key)).toEqual(["expense-claim"]);
    const submission = await victim.client.json<{ submission: { status: string } }>(
      `/api/orgs/${victim.orgSlug}/forms/${victimObjects.formId}/submissions/${victimObjects.submissionId}`,
    );
    expect(submission.body.submission.status).toBe("new");
    const inbound = await victim.client.json<{ endpoints: { id: string; name: string; enabled: boolean }[] }>(
      `/api/orgs/${victim.orgSlug}/inbound-endpoints`,
    );
    expect(inbound.body.endpoints).toEqual([
      expect.objectContaining({ id: victimObjects.inboundEndpointId, name: "Victim's finance", enabled: true }),
    ]);
    const entries = await sql(`SELECT 1 FROM "FormEntry" WHERE "instanceId" = $1`, [victimObjects.instanceId]);
    expect(entries).toEqual([]);
    const endpoints = await victim.client.json<{ endpoints: { id: string; url: string }[] }>(`/api/orgs/${victim.orgSlug}/webhooks`);
    expect(endpoints.body.endpoints).toEqual([
      expect.objectContaining({ id: victimObjects.webhookEndpointId, url: "http://127.0.0.1:9/victim-hook" }),
    ]);
    const deliveries = await sql(`SELECT 1 FROM "WebhookDelivery" WHERE "endpointId" = $1`, [victimObjects.webhookEndpointId]);
    expect(deliveries).toHaveLength(1);
    const connectors = await victim.client.json<{ connectors: { id: string; url: string; connected: boolean; tools: unknown[] }[] }>(
      `/api/orgs/${victim.orgSlug}/connectors`,
    );
    expect(connectors.body.connectors).toEqual([expect.objectContaining({ id: victimObjects.connectorId, url: mcp.url, connected: true })]);
    const enabled = await sql(`SELECT 1 FROM "ConnectorTool" WHERE "connectorId" = $1 AND "requiresPermission" = false`, [
      victimObjects.connectorId,
    ]);
    expect(enabled).toHaveLength(1);

    const tools = await victim.client.json<{ tools: { id: string; url_template: string }[] }>(`/api/orgs/${victim.orgSlug}/http-tools`);
    expect(tools.body.tools).toEqual([
      expect.objectContaining({ id: victimObjects.httpToolId, url_template: "http://127.0.0.1:9/orders/{{input.id}}" }),
    ]);
    const secrets = await victim.client.json<{ secrets: { name: string }[] }>(`/api/orgs/${victim.orgSlug}/http-tool-secrets`);
    expect(secrets.body.secrets.map((secret) => secret.name)).toEqual(["VICTIM_TOKEN"]);
    const items = await sql<{ status: string }>(`SELECT "status" FROM "InboxItem" WHERE "publicId" = $1`, [victimObjects.inboxItemId]);
    expect(items).toEqual([{ status: "pending" }]);
    const takenOver = await sql(`SELECT 1 FROM "RunEvent" WHERE "conversationId" = $1 AND "data"::text LIKE '%Taken over%'`, [
      victimObjects.conversationId,
    ]);
    expect(takenOver).toEqual([]);
  });

  it("an organization that does not exist looks the same as one you are not in", async () => {
    const missing = await intruder.client.json("/api/orgs/no-such-team-here");
    const foreign = await intruder.client.json(`/api/orgs/${victim.orgSlug}`);
    expect(missing).toEqual({ ...foreign, headers: missing.headers });
  });
});
