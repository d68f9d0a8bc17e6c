// What search may find (lib/db/search.ts, migration search_active_path): the active path of each
// conversation only, never a deleted or temporary conversation, and the filter applies before the
// ranking cap, so invisible matches cannot crowd out visible ones.
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import type { Message } from "@/lib/agent/messages";
import type { RunRecord } from "@/lib/agent/store-adapter";
import { createImportedConversation } from "@/lib/db/conversation-import";
import { createConversation, deleteConversation, restoreConversation } from "@/lib/db/conversations";
import { PostgresStore } from "@/lib/db/postgres-store";
import { searchMessages } from "@/lib/db/search";
import type { TenantContext } from "@/lib/db/tenant-context";
import { branchOut } from "@/lib/server/conversations/branches";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { createTenant, openNewConversationStore } from "@/tests/integration/store/support";

const found = async (tenant: TenantContext, q: string) => (await searchMessages(tenant, { q, offset: 0 })).results.map((hit) => hit.anchor);
const message = (text: string, sender: Message["sender"] = "user"): Message => ({ id: `m-${randomUUID()}`, sender, text });
const run = (): RunRecord => ({ id: `run-${randomUUID()}`, status: "running", created_at: new Date().toISOString() });
const many = (count: number, text: string) => Array.from({ length: count }, (_, i) => message(`${text} ${i}`));

describe("search finds only what the chats show", () => {
  let tenant: TenantContext;
  beforeEach(async () => {
    tenant = await createTenant("visible");
  });

  it("does not find an edited message's old text until that version is switched back to", async () => {
    const { store } = await openNewConversationStore(tenant);
    const [original, reply] = [message("the quetzal plan"), message("noted", "agent")];
    await store.appendMessages([original, reply]);
    const edit = run();
    expect(await store.createRun(edit, { leaf: null })).toBe(true);
    const edited = message("the jaguar plan");
    await store.appendMessages([edited]);

    expect(await found(tenant, "quetzal")).toEqual([]);
    expect(await found(tenant, "jaguar")).toEqual([edited.id]);

    expect(await store.transitionRun(edit.id, ["running"], "completed")).toBe(true);
    expect(await store.switchBranch(original.id!)).toBe("switched");
    expect(await found(tenant, "quetzal")).toEqual([original.id]);
    expect(await found(tenant, "jaguar")).toEqual([]);
  });

  it("does not find a regenerated reply's replaced version", async () => {
    const { store } = await openNewConversationStore(tenant);
    const [question, first] = [message("which animal?"), message("the ibex, surely", "agent")];
    await store.appendMessages([question, first]);
    expect(await store.createRun(run(), { leaf: question.id! })).toBe(true);
    const second = message("the yak, surely", "agent");
    await store.appendMessages([second]);

    expect(await found(tenant, "ibex")).toEqual([]);
    expect(await found(tenant, "yak")).toEqual([second.id]);
    expect(await found(tenant, "surely")).toEqual([second.id]);
  });

  it("finds the history an import or a branch-out writes (they move the leaf as appends do)", async () => {
    const imported = await createImportedConversation(tenant, {
      title: "Imported",
      createdAt: null,
      messages: [
        { sender: "user", text: "the dugong survey", createdAt: null },
        { sender: "agent", text: "the manatee survey", createdAt: null },
      ],
    });
    expect((await searchMessages(tenant, { q: "survey", offset: 0 })).results.map((hit) => hit.conversationId)).toEqual([
      imported.id,
      imported.id,
    ]);
    const { conversation, store } = await openNewConversationStore(tenant);
    const [question, answer] = [message("the pangolin question"), message("the pangolin answer", "agent")];
    await store.appendMessages([question, answer, message("a later pangolin aside")]);
    const branched = await branchOut(tenant, conversation.id, answer.id!);
    const hits = (await searchMessages(tenant, { q: "pangolin", offset: 0 })).results;
    expect(hits.filter((hit) => hit.conversationId === branched.id)).toHaveLength(2);
    expect(hits.filter((hit) => hit.conversationId === conversation.id)).toHaveLength(3);
  });

  it("does not find a deleted conversation's words, and finds them again once it is restored", async () => {
    const { conversation, store } = await openNewConversationStore(tenant);
    const note = message("the tapir notes");
    await store.appendMessages([note]);
    expect(await found(tenant, "tapir")).toEqual([note.id]);

    expect(await deleteConversation(tenant, conversation.id)).toBe(true);
    expect(await found(tenant, "tapir")).toEqual([]);
    expect(await restoreConversation(tenant, conversation.id)).not.toBeNull();
    expect(await found(tenant, "tapir")).toEqual([note.id]);
  });

  it("never finds a temporary conversation's words", async () => {
    const conversation = await createConversation(tenant, { temporary: true });
    const store = await PostgresStore.open(getTestPrisma(), { organizationId: tenant.organizationId, conversationId: conversation.id });
    await store.appendMessages([message("the okapi memo")]);
    expect(await found(tenant, "okapi")).toEqual([]);
  });

  it("fills a page from visible matches behind 2,000 newer invisible ones, and never from another organization", async () => {
    const visible = await openNewConversationStore(tenant);
    const shown = many(25, "gecko sighting");
    await visible.store.appendMessages(shown);
    // Newer than every visible match: a deleted conversation, a temporary one, replaced versions, another organization.
    const deleted = await openNewConversationStore(tenant);
    await deleted.store.appendMessages(many(800, "gecko deleted"));
    expect(await deleteConversation(tenant, deleted.conversation.id)).toBe(true);
    const temporary = await createConversation(tenant, { temporary: true });
    const temporaryStore = await PostgresStore.open(getTestPrisma(), {
      organizationId: tenant.organizationId,
      conversationId: temporary.id,
    });
    await temporaryStore.appendMessages(many(700, "gecko temporary"));
    const replaced = await openNewConversationStore(tenant);
    await replaced.store.appendMessages(many(600, "gecko replaced"));
    expect(await replaced.store.createRun(run(), { leaf: null })).toBe(true);
    await replaced.store.appendMessages([message("an edited start")]);
    const other = await openNewConversationStore(await createTenant("other"));
    await other.store.appendMessages(many(100, "gecko elsewhere"));

    const first = await searchMessages(tenant, { q: "gecko", offset: 0 });
    expect(first.results).toHaveLength(20);
    expect(first.nextOffset).toBe(20);
    const second = await searchMessages(tenant, { q: "gecko", offset: 20 });
    expect(second.results).toHaveLength(5);
    expect(second.nextOffset).toBeNull();
    const hits = [...first.results, ...second.results];
    expect(new Set(hits.map((hit) => hit.conversationId))).toEqual(new Set([visible.conversation.id]));
    expect(new Set(hits.map((hit) => hit.anchor))).toEqual(new Set(shown.map((item) => item.id)));
  });
});
