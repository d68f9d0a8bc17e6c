import { beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../support/http-client";
import { appBaseURL } from "../support/env";
import { CONVERSATION_API_ROUTES } from "../support/tenant-routes";
import { createConversation, say } from "../support/run-events";

let victim: TestAccount;
let intruder: TestAccount;
let conversationId: string;
let slotId: string;
let messageId: string;
let shareId: string;
let shareToken: string;
let attachmentId: string;
let before: unknown;
let sharesBefore: unknown;

const fill = (path: string) =>
  path
    .replace("{conversationId}", conversationId)
    .replace("{slotId}", slotId)
    .replace("{messageId}", messageId)
    .replace("{shareId}", shareId)
    .replace("{shareToken}", shareToken)
    .replace("{attachmentId}", attachmentId);

beforeAll(async () => {
  victim = await createAccount(appBaseURL(), "victim");
  intruder = await createAccount(appBaseURL(), "intruder");
  conversationId = await createConversation(victim.client, "Secret plans");
  const file = await victim.client.json<{ id: string }>(`/api/conversations/${conversationId}/attachments?name=plans.txt`, {
    body: "Secret plans, in a file",
  });
  attachmentId = file.body.id;
  const events = await say(victim.client, conversationId, "send an email to ada@example.com about the launch");
  slotId = events.find((event) => event.type === "slot_push")!.data.slot.id;
  before = (await victim.client.json(`/api/conversations/${conversationId}`)).body;
  messageId = (before as { messages: { id: string; sender: string }[] }).messages.find((message) => message.sender === "agent")!.id;
  const share = await victim.client.json<{ share: { id: string }; token: string }>(`/api/conversations/${conversationId}/shares`, {
    json: { audience: "organization", mode: "live", expiresInDays: null },
  });
  shareId = share.body.share.id;
  shareToken = share.body.token;
  sharesBefore = (await victim.client.json(`/api/conversations/${conversationId}/shares`)).body;
});

describe("a member of organization A reaches no conversation or card of organization B", () => {
  it.each(CONVERSATION_API_ROUTES)("$method $path → 404", async (route) => {
    const { status, body } = await intruder.client.json(fill(route.path), { method: route.method, json: route.json });
    expect(status).toBe(404);
    expect(JSON.stringify(body)).not.toContain("Secret plans");
  });

  it("and nothing of B changed", async () => {
    expect((await victim.client.json(`/api/conversations/${conversationId}`)).body).toEqual(before);
    expect((await victim.client.json<{ feedback: unknown[] }>(`/api/conversations/${conversationId}/feedback`)).body.feedback).toEqual([]);
    expect((await victim.client.json(`/api/conversations/${conversationId}/shares`)).body).toEqual(sharesBefore);

    expect(await (await victim.client.request(`/api/conversations/${conversationId}/attachments/${attachmentId}`)).text()).toBe(
      "Secret plans, in a file",
    );
    const listed = await intruder.client.json<{ conversations: unknown[] }>("/api/conversations");
    expect(listed.body.conversations).toEqual([]);
    expect((await intruder.client.json(`/api/conversations?org=${victim.orgSlug}`)).status).toBe(404);
    expect((await intruder.client.json(`/api/conversations?org=${victim.orgSlug}`, { json: { title: "planted" } })).status).toBe(404);
  });

  it("an unknown conversation looks the same as a foreign one", async () => {
    const unknown = await intruder.client.json("/api/conversations/does-not-exist");
    const foreign = await intruder.client.json(`/api/conversations/${conversationId}`);
    expect(unknown.body).toEqual(foreign.body);
  });
});
