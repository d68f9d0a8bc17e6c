// Export and import over HTTP: one conversation (members), the organization (admins, run by the
// suite's worker), the import's size limit, and the round trip export → import → same messages.
import { beforeAll, describe, expect, it } from "vitest";
import type { ConversationExport, ImportResult, OrganizationExportView } from "@/lib/schemas/conversation-export";
import { IMPORT_MAX_BYTES } from "@/lib/schemas/conversation-export";
import { eventually } from "@/tests/support/eventually";
import { appBaseURL } from "../support/env";
import { createAccount, type TestAccount } from "../support/http-client";
import { createConversation, say } from "../support/run-events";
import { sql } from "../support/sql";
import { teamOf } from "../support/teams";

let team: Awaited<ReturnType<typeof teamOf>>;
let intruder: TestAccount;
let conversationId: string;

const exportPath = (id: string, format: string) => `/api/conversations/${id}/export?format=${format}`;
const plain = (messages: ConversationExport["messages"]) => messages.map(({ sender, text }) => ({ sender, text }));

beforeAll(async () => {
  team = await teamOf(appBaseURL());
  intruder = await createAccount(appBaseURL(), "intruder");
  conversationId = await createConversation(team.owner.client, "Export me", team.slug);
  await say(team.owner.client, conversationId, "hello");
});

describe("one conversation's export", () => {
  it("a member downloads it as JSON (v1) and as Markdown, each an attachment", async () => {
    const json = await team.member.client.request(exportPath(conversationId, "json"));
    expect(json.status).toBe(200);
    expect(json.headers.get("content-disposition")).toBe(`attachment; filename="export-me.json"; filename*=UTF-8''Export%20me.json`);
    const body = (await json.json()) as ConversationExport;
    expect(body).toMatchObject({ format: "handoff.conversation.v1", title: "Export me" });
    expect(body.messages[0]).toMatchObject({ sender: "user", text: "hello" });
    expect(body.messages.some((message) => message.sender === "agent" && message.text.length > 0)).toBe(true);

    const markdown = await team.member.client.request(exportPath(conversationId, "markdown"));
    expect(markdown.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    const text = await markdown.text();
    expect(text.startsWith("# Export me\n")).toBe(true);
    expect(text).toMatch(/## You · .*\n\nhello\n/);
  });

  it("is 404 to another organization and 422 for an unknown format", async () => {
    const outside = await intruder.client.json(exportPath(conversationId, "json"));
    expect(outside.status).toBe(404);
    const unknown = await team.member.client.json<{ error: { message: string } }>(exportPath(conversationId, "pdf"));
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.message).toContain("Use format=markdown or format=json.");
  });

  it("round-trips: its JSON imported gives a new conversation with the same senders, texts and order", async () => {
    const original = (await (await team.owner.client.request(exportPath(conversationId, "json"))).json()) as ConversationExport;
    const imported = await team.member.client.json<ImportResult>(`/api/orgs/${team.slug}/imports`, { json: original });
    expect(imported.status).toBe(201);
    expect(imported.body.imported).toEqual([{ id: expect.any(String), title: "Export me", messages: original.messages.length }]);
    const copy = (await (await team.member.client.request(exportPath(imported.body.imported[0].id, "json"))).json()) as ConversationExport;
    expect(plain(copy.messages)).toEqual(plain(original.messages));
    const [row] = await sql<{ createdById: string }>(`SELECT "createdById" FROM "Conversation" WHERE "id" = $1`, [
      imported.body.imported[0].id,
    ]);
    expect(row.createdById).toBe(team.member.userId);
  });
});

describe("imports", () => {
  it("limits imports per person: past 20 in an hour the answer is 429 with Retry-After, and others may still import", async () => {
    const importer = await createAccount(appBaseURL(), "importer");
    const tryImport = (account: TestAccount) =>
      account.client.request(`/api/orgs/${account.orgSlug}/imports`, { json: { format: "handoff.conversation.v1" } });
    for (let attempt = 0; attempt < 20; attempt++) expect((await tryImport(importer)).status).toBe(422);
    const refused = await tryImport(importer);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await tryImport(intruder)).status).toBe(422);
  });

  it("refuses a file over the limit with 413 and a bad conversation with 422 naming it", async () => {
    const tooBig = await team.member.client.json<{ error: { code: string } }>(`/api/orgs/${team.slug}/imports`, {
      body: new Uint8Array(IMPORT_MAX_BYTES + 1),
      headers: { "content-type": "application/octet-stream" },
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.code).toBe("payload_too_large");

    const bad = await team.member.client.json<{ error: { message: string } }>(`/api/orgs/${team.slug}/imports`, {
      json: {
        format: "handoff.conversation.v1",
        title: "Half",
        created_at: "2030-01-01T00:00:00Z",
        messages: [{ sender: "robot", text: "x" }],
      },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.message).toContain('conversation 1 ("Half"): messages.0.sender: Use a sender of user or agent.');
  });

  it("is 404 for another organization", async () => {
    const outside = await intruder.client.json(`/api/orgs/${team.slug}/imports`, {
      json: { format: "handoff.conversation.v1", title: "In", created_at: "2030-01-01T00:00:00Z", messages: [] },
    });
    expect(outside.status).toBe(404);
  });
});

describe("the organization's export", () => {
  it("is for admins: a member gets 403, another organization 404", async () => {
    for (const request of [{}, { method: "POST" }]) {
      expect((await team.member.client.json(`/api/orgs/${team.slug}/exports`, request)).status).toBe(403);
      expect((await intruder.client.json(`/api/orgs/${team.slug}/exports`, request)).status).toBe(404);
    }
  });

  it("an admin starts it, the worker writes it with progress, and the download streams its JSON lines (audited)", async () => {
    const started = await team.admin.client.json<{ export: OrganizationExportView }>(`/api/orgs/${team.slug}/exports`, { method: "POST" });
    expect(started.status).toBe(202);
    expect(started.body.export).toMatchObject({ status: "queued", conversationsDone: 0 });
    const exportId = started.body.export.id;
    const again = await team.owner.client.json(`/api/orgs/${team.slug}/exports`, { method: "POST" });
    expect(again.status).toBe(409);

    const done = await eventually(async () => {
      const list = await team.admin.client.json<{ exports: OrganizationExportView[] }>(`/api/orgs/${team.slug}/exports`);
      const row = list.body.exports.find((item) => item.id === exportId);
      return row?.status === "done" && row;
    }, 30_000);
    const [{ count }] = await sql<{ count: number }>(
      `SELECT count(*)::int AS count FROM "Conversation" c JOIN "Organization" o ON o."id" = c."organizationId" WHERE o."slug" = $1`,
      [team.slug],
    );
    expect(done).toMatchObject({ conversationsDone: count, conversationsTotal: count });

    const memberDownload = await team.member.client.json(`/api/orgs/${team.slug}/exports/${exportId}/download`);
    expect(memberDownload.status).toBe(403);
    const outside = await intruder.client.json(`/api/orgs/${intruder.orgSlug}/exports/${exportId}/download`);
    expect(outside.status).toBe(404);

    const download = await team.admin.client.request(`/api/orgs/${team.slug}/exports/${exportId}/download`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/x-ndjson; charset=utf-8");
    const lines = (await download.text())
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as ConversationExport);
    expect(lines).toHaveLength(count);
    expect(lines.map((line) => line.title)).toContain("Export me");
    expect(Buffer.byteLength(lines.map((line) => `${JSON.stringify(line)}\n`).join(""))).toBe(done.byteSize);

    const audit = await sql<{ action: string }>(`SELECT "action" FROM "AuditLog" WHERE "target" = $1 ORDER BY "createdAt"`, [exportId]);
    expect(audit.map((entry) => entry.action)).toEqual(["organization.export_started", "organization.export_downloaded"]);
  });
});
