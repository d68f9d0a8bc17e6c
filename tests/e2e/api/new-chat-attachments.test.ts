// Files on a new chat's first message: uploaded to the organization as the person's pending files,
// adopted by the request that creates the conversation, refused (422, nothing created) when not theirs
// or when the model cannot read them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appBaseURL } from "../support/env";
import type { TestAccount } from "../support/http-client";
import { teamOf } from "../support/teams";
import { openaiText, startFakeOpenAI, type FakeOpenAIServer } from "../../support/fake-providers/openai";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
type View = { id: string; media_type: string; name: string; size: number };
type ErrorBody = { error: { code: string; message: string; details?: { attachment_ids?: string[] } } };

let team: Awaited<ReturnType<typeof teamOf>>;
let server: FakeOpenAIServer;

beforeAll(async () => {
  [team, server] = await Promise.all([teamOf(appBaseURL()), startFakeOpenAI(openaiText("Noted."))]);
});
afterAll(() => server?.close());

const upload = (account: TestAccount, bytes: Buffer, name: string) =>
  account.client.json<View & ErrorBody>(`/api/orgs/${team.slug}/attachments?name=${encodeURIComponent(name)}`, {
    method: "POST",
    body: new Uint8Array(bytes),
    headers: { "content-type": "application/octet-stream" },
  });

const start = (account: TestAccount, attachmentIds: string[]) =>
  account.client.json<{ conversation: { id: string } } & ErrorBody>(`/api/conversations?org=${team.slug}`, {
    json: { message: { text: "What is attached?", attachment_ids: attachmentIds } },
  });

const conversationCount = async (account: TestAccount) =>
  (await account.client.json<{ conversations: { title: string }[] }>(`/api/conversations?org=${team.slug}`)).body.conversations.length;

describe("files on a new chat's first message", () => {
  it("a pending file is previewed and removed by its uploader only; another member gets 404", async () => {
    const file = await upload(team.member, PNG, "pixel.png");
    expect(file.status).toBe(201);
    expect(file.body).toMatchObject({ media_type: "image/png", name: "pixel.png", size: PNG.length });
    const preview = await team.member.client.request(`/api/orgs/${team.slug}/attachments/${file.body.id}`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await preview.arrayBuffer()).equals(PNG)).toBe(true);

    expect((await team.owner.client.request(`/api/orgs/${team.slug}/attachments/${file.body.id}`)).status).toBe(404);
    expect((await team.owner.client.request(`/api/orgs/${team.slug}/attachments/${file.body.id}`, { method: "DELETE" })).status).toBe(404);
    const removed = await team.member.client.request(`/api/orgs/${team.slug}/attachments/${file.body.id}`, { method: "DELETE" });
    expect(removed.status).toBe(204);
    expect((await team.member.client.request(`/api/orgs/${team.slug}/attachments/${file.body.id}`)).status).toBe(404);
  });

  it("the same sniffing as in a conversation: a renamed program is 422", async () => {
    const elf = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(56).fill(0)]);
    const refused = await upload(team.member, elf, "photo.png");
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe("executable_file");
  });

  it("someone else's pending file is 422 naming it, and no conversation is created; their own is adopted", async () => {
    const theirs = await upload(team.owner, PNG, "owner.png");
    const mine = await upload(team.member, PNG, "mine.png");
    const before = await conversationCount(team.member);
    const refused = await start(team.member, [mine.body.id, theirs.body.id]);
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe("attachment_not_pending");
    expect(refused.body.error.details?.attachment_ids).toEqual([theirs.body.id]);
    expect(await conversationCount(team.member)).toBe(before);

    const created = await start(team.member, [mine.body.id]);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.conversation.id;
    // Adopted: the conversation's file now, no longer a pending one; sending it again is refused.
    expect((await team.member.client.request(`/api/conversations/${id}/attachments/${mine.body.id}`)).status).toBe(200);
    expect((await team.member.client.request(`/api/orgs/${team.slug}/attachments/${mine.body.id}`)).status).toBe(404);
    const again = await start(team.member, [mine.body.id]);
    expect(again.status).toBe(422);
    expect(again.body.error.details?.attachment_ids).toEqual([mine.body.id]);
  });

  it("a PDF for a model that cannot read PDFs is 422 before any model call; nothing is created and the file stays pending", async () => {
    const agent = await team.owner.client.json(`/api/orgs/${team.slug}/agent`, {
      method: "PUT",
      json: {
        name: "Agent",
        systemPrompt: "Be brief.",
        enabledTools: [],
        model: { provider: "openai-compatible", model: "llama3.2", baseURL: `${server.url}/v1`, maxAttempts: 1 },
      },
    });
    expect(agent.status, JSON.stringify(agent.body)).toBe(200);
    const pdf = await upload(team.member, PDF, "report.pdf");
    server.requests.length = 0;
    const before = await conversationCount(team.member);
    const refused = await start(team.member, [pdf.body.id]);
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe("model_cannot_read_pdfs");
    expect(server.requests).toHaveLength(0);
    expect(await conversationCount(team.member)).toBe(before);
    expect((await team.member.client.request(`/api/orgs/${team.slug}/attachments/${pdf.body.id}`)).status).toBe(200);
  });
});
