// Search over the organization's conversations (lib/db/search.ts and its trigger): what is found,
// in which order, with which snippet, and what is never found.
import { beforeAll, describe, expect, it } from "vitest";
import type { Message } from "@/lib/agent/messages";
import { renameConversation } from "@/lib/db/conversations";
import { PostgresStore } from "@/lib/db/postgres-store";
import { searchMessages } from "@/lib/db/search";
import type { TenantContext } from "@/lib/db/tenant-context";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { createTenant, openNewConversationStore } from "@/tests/integration/store/support";

const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 0, minute)).toISOString();
const search = (tenant: TenantContext, q: string, offset = 0) => searchMessages(tenant, { q, offset });
const snippetText = (parts: { text: string }[]) => parts.map((part) => part.text).join("");

describe("search", () => {
  let alpha: TenantContext;
  let bravo: TenantContext;
  beforeAll(async () => {
    alpha = await createTenant("alpha");
    bravo = await createTenant("bravo");
  });

  it("finds message text with the hit marked, and ranks a title match above a passing mention", async () => {
    const passing = await openNewConversationStore(alpha);
    await passing.store.appendMessages([
      {
        id: "m-passing",
        sender: "agent",
        text:
          "We talked about the offsite, the new hires, the office plants, the parking rules, the coffee machine, " +
          "and somewhere in between the word zeppelin came up once before we moved on to lunch plans and the weather.",
        created_at: at(1),
      },
    ]);
    const titled = await openNewConversationStore(alpha);
    await renameConversation(alpha, titled.conversation.id, "Zeppelin launch plan");
    await titled.store.appendMessages([{ id: "m-titled", sender: "user", text: "When does the zeppelin fly?", created_at: at(2) }]);

    const page = await search(alpha, "zeppelin");
    expect(page.results.map((hit) => hit.anchor)).toEqual(["m-titled", "m-passing"]);
    const [first] = page.results;
    expect(first).toMatchObject({
      conversationId: titled.conversation.id,
      conversationTitle: "Zeppelin launch plan",
      sender: "user",
      at: at(2),
    });
    expect(first.snippet).toContainEqual({ text: "zeppelin", hit: true });
    expect(snippetText(first.snippet)).toContain("When does the zeppelin fly?");
    expect(page.nextOffset).toBeNull();
  });

  it("ranks a message about the word above one that mentions it in passing, in the same kind of conversation", async () => {
    const { store } = await openNewConversationStore(alpha);
    await store.appendMessages([
      { id: "m-long", sender: "agent", text: `${"filler words about other things ".repeat(20)} one walrus`, created_at: at(3) },
      { id: "m-focused", sender: "user", text: "walrus walrus: the walrus report", created_at: at(4) },
    ]);
    expect((await search(alpha, "walrus")).results.map((hit) => hit.anchor)).toEqual(["m-focused", "m-long"]);
  });

  it("ranks the short message above a longer, later one that quotes it (the same word once in each)", async () => {
    const { store } = await openNewConversationStore(alpha);
    await store.appendMessages([
      { id: "m-said", sender: "user", text: "remember the emu festival", created_at: at(6) },
      {
        id: "m-quoted",
        sender: "agent",
        text: 'I heard: "remember the emu festival". As the demo model I act on set phrases, for example these ones.',
        created_at: at(7),
      },
    ]);
    expect((await search(alpha, "emu")).results.map((hit) => hit.anchor)).toEqual(["m-said", "m-quoted"]);
  });

  it("finds tool inputs, tool results and form answers, and jumps to the tool's row", async () => {
    const { store } = await openNewConversationStore(alpha);
    const messages: Message[] = [
      {
        id: "m-call",
        sender: "agent",
        text: "",
        tool_calls: [{ id: "call-mail", tool_name: "send_email", input_args: { subject: "Marzipan order" } }],
      },
      {
        id: "m-result",
        sender: "user",
        text: "",
        tool_results: [
          { tool_name: "lookup", call_id: "call-lookup", result: { status: "success", data: { rows: [{ supplier: "Quokka Foods" }] } } },
        ],
      },
      {
        id: "m-form",
        sender: "user",
        text: "",
        tool_results: [
          { tool_name: "collect_form", call_id: "call-form", result: { status: "success", data: { city: "Timbuktu", seats: 42 } } },
        ],
      },
    ];
    await store.appendMessages(messages);

    expect((await search(alpha, "marzipan")).results.map((hit) => hit.anchor)).toEqual(["tool:call-mail"]);
    expect((await search(alpha, "quokka")).results.map((hit) => hit.anchor)).toEqual(["tool:call-lookup"]);
    const form = await search(alpha, "timbuktu");
    expect(form.results.map((hit) => hit.anchor)).toEqual(["tool:call-form"]);
    expect(form.results[0].snippet).toContainEqual({ text: "Timbuktu", hit: true });
    // Keys and statuses are not words of the conversation.
    expect((await search(alpha, "supplier")).results).toEqual([]);
    expect((await search(alpha, "success")).results).toEqual([]);
  });

  it("never finds another organization's words, even the same word", async () => {
    const ours = await openNewConversationStore(alpha);
    await ours.store.appendMessages([{ id: "m-ours", sender: "user", text: "the aardvark budget", created_at: at(5) }]);
    const theirs = await openNewConversationStore(bravo);
    await theirs.store.appendMessages([{ id: "m-theirs", sender: "user", text: "the aardvark budget", created_at: at(5) }]);

    expect((await search(alpha, "aardvark")).results.map((hit) => hit.conversationId)).toEqual([ours.conversation.id]);
    expect((await search(bravo, "aardvark")).results.map((hit) => hit.conversationId)).toEqual([theirs.conversation.id]);
  });

  it("never finds what no chat shows: a subagent's messages and compaction summaries", async () => {
    const { conversation, store } = await openNewConversationStore(alpha);
    const subagent = await PostgresStore.open(getTestPrisma(), {
      organizationId: alpha.organizationId,
      conversationId: conversation.id,
      namespace: "sub",
    });
    await subagent.appendMessages([{ id: "m-sub", sender: "agent", text: "the narwhal research notes" }]);
    await store.appendMessages([{ id: "m-summary", sender: "user", text: "Summary: narwhal research", is_compaction: true }]);
    expect((await search(alpha, "narwhal")).results).toEqual([]);
  });

  it("never carries HTML from a message: the snippet is text, and markers in the message cannot fake a hit", async () => {
    const { store } = await openNewConversationStore(alpha);
    await store.appendMessages([
      { id: "m-html", sender: "user", text: '<img src=x onerror="alert(1)"> \u0002fake\u0003 platypus <b>bold</b>' },
    ]);
    const [hit] = (await search(alpha, "platypus")).results;
    expect(hit.snippet.filter((part) => part.hit)).toEqual([{ text: "platypus", hit: true }]);
    expect(snippetText(hit.snippet)).toContain("<b>bold</b>");
  });

  it("pages with an offset", async () => {
    const { store } = await openNewConversationStore(alpha);
    await store.appendMessages(
      Array.from({ length: 25 }, (_, i) => ({ id: `m-page-${i}`, sender: "user" as const, text: `ocelot note ${i}` })),
    );
    const first = await search(alpha, "ocelot");
    expect(first.results).toHaveLength(20);
    expect(first.nextOffset).toBe(20);
    const second = await search(alpha, "ocelot", 20);
    expect(second.results).toHaveLength(5);
    expect(second.nextOffset).toBeNull();
    const anchors = new Set([...first.results, ...second.results].map((hit) => hit.anchor));
    expect(anchors.size).toBe(25);
  });

  it("indexes messages stored before the migration (its backfill) and rewritten ones (the trigger on update)", async () => {
    const { store } = await openNewConversationStore(alpha);
    await store.appendMessages([{ id: "m-edit", sender: "user", text: "the old word" }]);
    await getTestPrisma().$executeRaw`UPDATE "Message" SET "text" = 'the capybara word' WHERE "messageId" = 'm-edit'`;
    expect((await search(alpha, "capybara")).results.map((hit) => hit.anchor)).toEqual(["m-edit"]);
  });
});
