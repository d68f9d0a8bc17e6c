// Imports: a Handoff export comes back as the same messages (senders, texts, order) in a new
// conversation of the importer's organization; ChatGPT's shown branch; nothing written for a bad file.
import { beforeAll, describe, expect, it } from "vitest";
import { readConversationExport } from "@/lib/db/conversation-export";
import type { TenantContext } from "@/lib/db/tenant-context";
import { CONVERSATION_EXPORT_FORMAT } from "@/lib/schemas/conversation-export";
import { AppError } from "@/lib/server/http/app-error";
import { importConversations } from "@/lib/server/imports/import-service";
import { purgeDueConversations } from "@/lib/db/retention";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { createTenant } from "@/tests/integration/store/support";
import { ANSWERER_NAME, seedConversation } from "./support";

const bytes = (text: string) => new TextEncoder().encode(text);
const exportOf = (title: string) => ({
  format: CONVERSATION_EXPORT_FORMAT,
  title,
  created_at: "2026-11-01T10:00:00.000Z",
  messages: [
    { sender: "user" as const, text: "Hello", created_at: "2026-11-01T10:00:00.000Z" },
    { sender: "agent" as const, text: "Hi.", created_at: "2026-11-01T10:00:01.000Z" },
  ],
  cards: [],
});
const plain = (messages: { sender: string; text: string }[]) => messages.map(({ sender, text }) => ({ sender, text }));

describe("import", () => {
  let alpha: TenantContext;
  let bravo: TenantContext;
  beforeAll(async () => {
    alpha = await createTenant("alpha");
    bravo = await createTenant("bravo");
  });

  it("round-trips an exported conversation: same senders, texts and order, tool calls kept as text", async () => {
    const source = await seedConversation(alpha, "Round trip");
    const exported = (await readConversationExport(alpha, source.id))!;
    // Who answered the card is exported by name, and the import takes the file as it is.
    expect(exported.cards).toEqual([expect.objectContaining({ status: "resolved", answered_by: { name: ANSWERER_NAME } })]);

    const result = await importConversations(bravo, bytes(JSON.stringify(exported)));

    expect(result).toMatchObject({ source: "handoff", imported: [{ title: "Round trip", messages: 3 }] });
    const copy = (await readConversationExport(bravo, result.imported[0].id))!;
    const [question, call, , answer] = exported.messages;
    expect(plain(copy.messages)).toEqual([
      plain([question])[0],
      { sender: "agent", text: expect.stringContaining(call.text) },
      plain([answer])[0],
    ]);
    expect(copy.messages[1].text).toContain('"question": "Which city?"');
    expect(copy.messages[1].text).toContain('"choice": "Rome"');
    expect(copy.messages[1].tool_calls).toBeUndefined();
    expect(copy.title).toBe("Round trip");
    const row = await getTestPrisma().conversation.findFirstOrThrow({ where: { id: result.imported[0].id } });
    expect(row).toMatchObject({ organizationId: bravo.organizationId, createdById: bravo.userId });
  });

  it("takes JSON lines of exports (the organization export) as that many conversations, in order", async () => {
    const docs = ["One", "Two"].map((title) => ({
      format: CONVERSATION_EXPORT_FORMAT,
      title,
      created_at: "2030-01-01T00:00:00.000Z",
      messages: [{ sender: "user", text: `hello ${title}` }],
    }));
    const result = await importConversations(alpha, bytes(docs.map((doc) => JSON.stringify(doc)).join("\n")));
    expect(result.imported.map((conversation) => conversation.title)).toEqual(["One", "Two"]);
    const copy = (await readConversationExport(alpha, result.imported[1].id))!;
    expect(plain(copy.messages)).toEqual([{ sender: "user", text: "hello Two" }]);
  });

  it("imports ChatGPT's shown branch, and refuses a file with a bad conversation before writing any", async () => {
    const chatgpt = [
      {
        title: "Trip",
        create_time: 1_700_000_000,
        current_node: "c",
        mapping: {
          root: { id: "root", parent: null, children: ["a"], message: null },
          a: {
            id: "a",
            parent: "root",
            children: ["b"],
            message: { author: { role: "user" }, content: { content_type: "text", parts: ["Where to?"] } },
          },
          b: {
            id: "b",
            parent: "a",
            children: ["c"],
            message: { author: { role: "assistant" }, content: { content_type: "text", parts: ["Lisbon."] } },
          },
          c: {
            id: "c",
            parent: "b",
            children: [],
            message: { author: { role: "user" }, content: { content_type: "text", parts: ["Thanks"] } },
          },
        },
      },
    ];
    const result = await importConversations(alpha, bytes(JSON.stringify(chatgpt)));
    expect(result.source).toBe("chatgpt");
    const copy = (await readConversationExport(alpha, result.imported[0].id))!;
    expect(plain(copy.messages)).toEqual([
      { sender: "user", text: "Where to?" },
      { sender: "agent", text: "Lisbon." },
      { sender: "user", text: "Thanks" },
    ]);

    const before = await getTestPrisma().conversation.count({ where: { organizationId: alpha.organizationId } });
    const bad = [chatgpt[0], { title: "Broken", mapping: {} }];
    const error = await importConversations(alpha, bytes(JSON.stringify(bad))).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 422, message: expect.stringContaining('conversation 2 ("Broken"): current_node') });
    expect(await getTestPrisma().conversation.count({ where: { organizationId: alpha.organizationId } })).toBe(before);
  });

  it("an imported old history is active from the import: the retention purge keeps it, and its messages keep their times", async () => {
    const keeper = await createTenant("keeper");
    await getTestPrisma().organization.update({ where: { id: keeper.organizationId }, data: { retentionDays: 30 } });
    const old = { ...exportOf("A year ago"), created_at: "2025-11-01T10:00:00.000Z" };
    old.messages = old.messages.map((message) => ({ ...message, created_at: "2025-11-01T10:00:00.000Z" }));
    const result = await importConversations(keeper, bytes(JSON.stringify(old)));

    await purgeDueConversations();

    const copy = await readConversationExport(keeper, result.imported[0].id);
    expect(copy?.messages.map((message) => message.created_at)).toEqual(old.messages.map(() => "2025-11-01T10:00:00.000Z"));
  });
});
