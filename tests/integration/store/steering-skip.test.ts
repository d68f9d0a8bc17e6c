// Steering on PostgresStore with the real send_email tool and the real demo mailbox: a message sent
// while the step's first tool runs keeps the email from being written. And the prompt's facts.
import { beforeAll, describe, expect, it } from "vitest";
import { Glove, success, type GloveTool } from "@/lib/agent";
import { recordDemoEmail } from "@/lib/db/demo-mailbox";
import { readPromptFacts } from "@/lib/db/prompt-facts";
import type { TenantContext } from "@/lib/db/tenant-context";
import { ScriptedModel } from "@/lib/models/testing";
import { createSendEmailTool } from "@/lib/tools/send-email/server";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { createTenant, openNewConversationStore } from "./support";

let tenant: TenantContext;
beforeAll(async () => {
  tenant = await createTenant("steering");
});

describe("skip on steering over PostgresStore", () => {
  it("'don't send that email' queued during the first tool: no email row, the model sees the skip and the message", async () => {
    const { conversation, store } = await openNewConversationStore(tenant);
    const model = new ScriptedModel([
      {
        toolCalls: [
          { name: "lookup", input: {} },
          { name: "send_email", input: { to: "ada@example.com", subject: "Launch", body: "Monday." } },
        ],
      },
      { text: "Not sent." },
    ]);
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const glove = new Glove({ store, model, systemPrompt: "test", permissionPolicy: { send_email: "allow" } });
    glove.fold(
      createSendEmailTool({
        record: (email) => recordDemoEmail(tenant, { conversationId: conversation.id, ...email }),
      }) as GloveTool,
    );
    glove.fold({ name: "lookup", description: "Looks up.", do: async () => (started(), await released, success("found")) });
    glove.build();

    const run = glove.processRequest("Look it up, then email Ada");
    await running;
    expect((await glove.processRequest("don't send that email")).status).toBe("queued");
    release();
    expect((await run).status).toBe("completed");

    expect(await getTestPrisma().demoEmail.count({ where: { conversationId: conversation.id } })).toBe(0);
    const seen = model.requests[1].messages;
    expect(seen.at(-2)?.tool_results?.map((result) => result.result.message ?? null)).toEqual([
      null,
      "Skipped due to queued user message.",
    ]);
    expect(seen.at(-1)).toMatchObject({ text: "don't send that email", is_steering: true });
    expect(await store.getQueuedMessages()).toEqual([]);
  });
});

describe("the prompt's facts", () => {
  it("the organization's name and the run starter's name and role; no person without a starter or for a stranger", async () => {
    const facts = await readPromptFacts(tenant, tenant.userId);
    expect(facts).toEqual({ organizationName: "steering", person: { name: "steering owner", role: "owner" } });
    expect(await readPromptFacts(tenant, undefined)).toEqual({ organizationName: "steering", person: null });
    const other = await createTenant("other");
    expect(await readPromptFacts(tenant, other.userId)).toEqual({ organizationName: "steering", person: null });
  });
});
