// Files from the browser over HTTP: upload with the type from the bytes, the limits, the file's own
// answer (headers that keep it inert), sending it to the model, and refusals before any model call.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../support/http-client";
import { appBaseURL } from "../support/env";
import { createConversation, postMessage, readToEnd } from "../support/run-events";
import { anthropicBody, anthropicText, startFakeAnthropic, type FakeAnthropicServer } from "../../support/fake-providers/anthropic";
import { openaiText, startFakeOpenAI, type FakeOpenAIServer } from "../../support/fake-providers/openai";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(56)]);
type ErrorBody = { error: { code: string; message: string; details?: Record<string, unknown> } };
type View = { id: string; media_type: string; name: string; size: number };

let owner: TestAccount;
let claude: FakeAnthropicServer;
let compatible: FakeOpenAIServer;

beforeAll(async () => {
  [owner, claude, compatible] = await Promise.all([
    createAccount(appBaseURL(), "files"),
    startFakeAnthropic(anthropicText("I read it.")),
    startFakeOpenAI(openaiText("I cannot.")),
  ]);
});
afterAll(() => Promise.all([claude?.close(), compatible?.close()]));

const upload = (account: TestAccount, conversationId: string, bytes: Buffer, name: string) =>
  account.client.json<View & ErrorBody>(`/api/conversations/${conversationId}/attachments?name=${encodeURIComponent(name)}`, {
    method: "POST",
    body: new Uint8Array(bytes),
    headers: { "content-type": "application/octet-stream" },
  });

async function useModel(model: Record<string, unknown>, providerApiKey?: string) {
  const { status, body } = await owner.client.json(`/api/orgs/${owner.orgSlug}/agent`, {
    method: "PUT",
    json: {
      name: "Agent",
      systemPrompt: "Be brief.",
      enabledTools: [],
      model: { maxAttempts: 1, ...model },
      ...(providerApiKey && { providerApiKey }),
    },
  });
  expect(status, JSON.stringify(body)).toBe(200);
}

describe("uploading a file", () => {
  it("answers 201 with the type found in the bytes; the file reads back with headers that keep it inert", async () => {
    const id = await createConversation(owner.client);
    const image = await upload(owner, id, PNG, "holiday.pdf");
    expect(image.status).toBe(201);
    expect(image.body).toEqual({ id: expect.any(String), media_type: "image/png", name: "holiday.pdf", size: PNG.length });

    const file = await owner.client.request(`/api/conversations/${id}/attachments/${image.body.id}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("content-disposition")).toMatch(/^inline; /);
    expect(file.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);

    const text = await upload(owner, id, Buffer.from("<script>alert(1)</script>"), "notes.html");
    expect(text.body.media_type).toBe("text/plain");
    const served = await owner.client.request(`/api/conversations/${id}/attachments/${text.body.id}`);
    expect(served.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(served.headers.get("content-disposition")).toBe(`attachment; filename="notes.html"; filename*=UTF-8''notes.html`);
  });

  it("a body over the cap is 413, an image over its own limit is 413 with the limit, a renamed program is 422", async () => {
    const id = await createConversation(owner.client);
    const huge = await upload(owner, id, Buffer.alloc(9 * 1024 * 1024, 0x61), "huge.txt");
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe("file_too_large");

    const bigImage = await upload(owner, id, Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]), "big.png");
    expect(bigImage.status).toBe(413);
    expect(bigImage.body.error.message).toContain("An image may be at most 5 MB");

    const program = await upload(owner, id, ELF, "photo.png");
    expect(program.status).toBe(422);
    expect(program.body.error).toMatchObject({
      code: "executable_file",
      message: expect.stringContaining("photo.png is a Linux program (ELF)"),
    });
    const unknown = await upload(owner, id, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]), "archive.zip");
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.code).toBe("unsupported_file_type");
  });
});

describe("sending files", () => {
  it("the model receives the image and the PDF; the message keeps their references and the history shows them", async () => {
    await useModel({ provider: "anthropic", model: "claude-sonnet-4-5", baseURL: claude.url }, "sk-ant-files");
    const id = await createConversation(owner.client);
    const image = (await upload(owner, id, PNG, "pixel.png")).body;
    const pdf = (await upload(owner, id, PDF, "report.pdf")).body;
    claude.requests.length = 0;

    const response = await postMessage(owner.client, id, "What are these?", { attachment_ids: [image.id, pdf.id] });
    expect(response.status).toBe(200);
    const events = await readToEnd(response);
    expect(events.at(-1)?.type).toBe("run_completed");
    expect(events.find((e) => e.type === "user_message")?.data.message.attachments).toEqual([image, pdf]);

    const content = anthropicBody(claude.lastRequest).messages.at(-1)?.content as unknown[];
    expect(content).toEqual(
      expect.arrayContaining([
        { type: "image", source: { type: "base64", media_type: "image/png", data: PNG.toString("base64") } },
        { type: "document", source: { type: "base64", media_type: "application/pdf", data: PDF.toString("base64") }, title: "report.pdf" },
      ]),
    );
    const snapshot = await owner.client.json<{ messages: { attachments?: View[]; images?: unknown }[] }>(`/api/conversations/${id}`);
    expect(snapshot.body.messages[0].attachments).toEqual([image, pdf]);
    expect(snapshot.body.messages[0].images).toBeUndefined();
  });

  it("a PDF for a model without PDF support is refused with 422 before any call; nothing is stored", async () => {
    await useModel({ provider: "openai-compatible", model: "llama3.2", baseURL: `${compatible.url}/v1`, capabilities: { images: true } });
    const id = await createConversation(owner.client);
    const pdf = (await upload(owner, id, PDF, "report.pdf")).body;
    compatible.requests.length = 0;

    const refused = await postMessage(owner.client, id, "Summarize this", { attachment_ids: [pdf.id] });
    expect(refused.status).toBe(422);
    const body = (await refused.json()) as ErrorBody;
    expect(body.error).toMatchObject({
      code: "model_cannot_read_pdfs",
      message: expect.stringContaining("openai-compatible:llama3.2 cannot read PDFs"),
    });
    expect(compatible.requests).toHaveLength(0);
    expect((await owner.client.json<{ messages: unknown[] }>(`/api/conversations/${id}`)).body.messages).toEqual([]);
  });

  it("a new version of a reply over a PDF is refused for a model that cannot read it, before any call", async () => {
    await useModel({ provider: "anthropic", model: "claude-sonnet-4-5", baseURL: claude.url }, "sk-ant-files");
    const id = await createConversation(owner.client);
    const pdf = (await upload(owner, id, PDF, "report.pdf")).body;
    const sent = await readToEnd(await postMessage(owner.client, id, "Summarize this", { attachment_ids: [pdf.id] }));
    expect(sent.at(-1)?.type).toBe("run_completed");
    const reply = sent.find((event) => event.type === "model_response_complete");
    const stored = await owner.client.json<{ messages: { id: string; sender: string }[] }>(`/api/conversations/${id}`);
    const answer = stored.body.messages.find((message) => message.sender === "agent");
    expect(reply && answer).toBeTruthy();

    await useModel({ provider: "openai-compatible", model: "llama3.2", baseURL: `${compatible.url}/v1`, capabilities: { images: true } });
    compatible.requests.length = 0;
    const refused = await owner.client.request(`/api/conversations/${id}/messages/${answer!.id}/regenerate`, { method: "POST", json: {} });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as ErrorBody).error.code).toBe("model_cannot_read_pdfs");
    expect(compatible.requests).toHaveLength(0);
  });

  it("another organization's file, or one of another conversation, is 404; more than five files is 422", async () => {
    const other = await createAccount(appBaseURL(), "other-files");
    const theirConversation = await createConversation(other.client);
    const theirs = (await upload(other, theirConversation, PNG, "secret.png")).body;
    const id = await createConversation(owner.client);
    const foreign = await postMessage(owner.client, id, "look", { attachment_ids: [theirs.id] });
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as ErrorBody).error.details).toEqual({ attachment_ids: [theirs.id] });
    expect((await owner.client.request(`/api/conversations/${theirConversation}/attachments/${theirs.id}`)).status).toBe(404);
    expect((await owner.client.request(`/api/conversations/${id}/attachments/${theirs.id}`)).status).toBe(404);

    const six = await postMessage(owner.client, id, "look", { attachment_ids: ["a1", "a2", "a3", "a4", "a5", "a6"] });
    expect(six.status).toBe(422);
    expect(((await six.json()) as ErrorBody).error.message).toContain("Attach at most 5 files to a message.");
  });
});
