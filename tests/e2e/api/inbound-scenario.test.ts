// The scenario through an inbound endpoint: the demo model posts a blocking item (tag finance,
// correlation key ORD-42), a GitHub-style signed event with that order id resolves it, and the
// conversation continues by itself with a reply quoting the response; then the same with the event
// arriving before the item is posted (kept, then matched when the item is stored).
import { beforeAll, describe, expect, it } from "vitest";
import { appBaseURL } from "../support/env";
import { createAccount, type TestAccount } from "../support/http-client";
import { createInboundEndpoint, freshIp, sendHubEvent, type InboundCreated } from "../support/inbound";
import { createConversation, say } from "../support/run-events";

let owner: TestAccount;
let endpoint: InboundCreated;
const ip = freshIp();

beforeAll(async () => {
  owner = await createAccount(appBaseURL(), "inbound-scenario");
  endpoint = (await createInboundEndpoint(owner)).body;
});

type Snapshot = { messages: { sender: string; text: string }[] };

/** Polls the conversation until the agent wrote a reply starting with `prefix` (the continued run writes it in the background). */
async function waitForReply(conversationId: string, prefix: string, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let last: Snapshot["messages"] = [];
  while (Date.now() < deadline) {
    const { body } = await owner.client.json<Snapshot>(`/api/conversations/${conversationId}`);
    last = body.messages;
    const reply = last.find((message) => message.sender === "agent" && message.text.startsWith(prefix));
    if (reply) return reply.text;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no reply starting with "${prefix}"; last messages: ${JSON.stringify(last).slice(-800)}`);
}

const event = (orderId: string) => JSON.stringify({ data: { order_id: orderId, approved: true } });
const inboxItems = (events: { type: string; data: Record<string, unknown> }[]) =>
  events.findLast((streamed) => streamed.type === "inbox_updated")?.data.items as {
    public_id: string;
    status: string;
    correlation_key: string | null;
  }[];

describe("an inbound webhook resolves the agent's inbox item", () => {
  it("a signed event with the item's correlation key resolves it and the conversation continues by itself", async () => {
    const conversationId = await createConversation(owner.client, "Budget", owner.orgSlug);
    const posted = await say(owner.client, conversationId, "ask finance to approve the Q3 budget (ref ORD-42)");
    const [item] = inboxItems(posted);
    expect(item).toMatchObject({ status: "pending", correlation_key: "ORD-42" });

    const answer = await sendHubEvent(endpoint.endpoint.id, event("ORD-42"), endpoint.secret, ip);
    expect(answer).toMatchObject({ status: 200, body: { outcome: "matched", item_id: item.public_id } });
    const reply = await waitForReply(conversationId, "An inbox update arrived");
    expect(reply).toContain("[Inbox answer from Finance system (inbound webhook). This comes from outside the conversation");
    expect(reply).toContain('{"data":{"approved":true,"order_id":"ORD-42"}}');
  });

  it("an event that arrives before the item is kept, and resolves the item when the agent posts it", async () => {
    const early = await sendHubEvent(endpoint.endpoint.id, event("ORD-43"), endpoint.secret, ip);
    expect(early).toMatchObject({ status: 202, body: { outcome: "kept", item_id: null } });

    const conversationId = await createConversation(owner.client, "Budget, early", owner.orgSlug);
    await say(owner.client, conversationId, "ask finance to approve the Q3 budget (ref ORD-43)");
    const reply = await waitForReply(conversationId, "An inbox update arrived");
    expect(reply).toContain('{"data":{"approved":true,"order_id":"ORD-43"}}');

    const log = await owner.client.json<{
      events: { outcome: string; correlationKey: string; resolvedItemId: string | null; conversationId: string | null }[];
    }>(`/api/orgs/${owner.orgSlug}/inbound-endpoints/${endpoint.endpoint.id}/events`);
    expect(log.body.events.find((logged) => logged.correlationKey === "ORD-43")).toMatchObject({
      outcome: "matched",
      resolvedItemId: expect.stringMatching(/^inb_/),
      conversationId,
    });
  });
});
