import { beforeAll, describe, expect, it } from "vitest";
import type { Message } from "@/lib/agent/messages";
import type { FeedbackPage, MessageFeedback } from "@/lib/schemas/feedback";
import { appBaseURL } from "../support/env";
import { createAccount, type TestAccount } from "../support/http-client";
import { createConversation, say } from "../support/run-events";
import { sql } from "../support/sql";
import { teamOf } from "../support/teams";

let team: Awaited<ReturnType<typeof teamOf>>;
let intruder: TestAccount;
let conversationId: string;
let agentMessageId: string;
let userMessageId: string;
let runId: string;

const feedbackPath = (messageId: string) => `/api/conversations/${conversationId}/messages/${messageId}/feedback`;

beforeAll(async () => {
  team = await teamOf(appBaseURL());
  intruder = await createAccount(appBaseURL(), "intruder");
  conversationId = await createConversation(team.owner.client, "Feedback", team.slug);
  const events = await say(team.owner.client, conversationId, "hello");
  runId = events.find((event) => event.type === "run_started")!.data.run_id;
  const snapshot = await team.owner.client.json<{ messages: Message[] }>(`/api/conversations/${conversationId}`);
  agentMessageId = snapshot.body.messages.find((message) => message.sender === "agent")!.id!;
  userMessageId = snapshot.body.messages.find((message) => message.sender === "user")!.id!;
});

describe("feedback on an agent message", () => {
  it("a member rates it with a reason; the run id is the run that wrote it", async () => {
    const { status, body } = await team.member.client.json<MessageFeedback>(feedbackPath(agentMessageId), {
      method: "PUT",
      json: { rating: "down", reason: "wrong", comment: "  The date is off.  " },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ messageId: agentMessageId, runId, rating: "down", reason: "wrong", comment: "The date is off." });
  });

  it("rating again updates the one row; the person's own list shows it", async () => {
    const changed = await team.member.client.json<MessageFeedback>(feedbackPath(agentMessageId), { method: "PUT", json: { rating: "up" } });
    expect(changed.body).toMatchObject({ rating: "up", reason: null, comment: null });
    const mine = await team.member.client.json<{ feedback: MessageFeedback[] }>(`/api/conversations/${conversationId}/feedback`);
    expect(mine.body.feedback).toEqual([expect.objectContaining({ messageId: agentMessageId, rating: "up" })]);
    const rows = await sql(`SELECT 1 FROM "MessageFeedback" WHERE "messageId" = $1`, [agentMessageId]);
    expect(rows).toHaveLength(1);
  });

  it.each([
    ["an unknown rating", { rating: "sideways" }, "rating"],
    ["an unknown reason", { rating: "down", reason: "boring" }, "reason"],
    ["a comment over 2,000 characters", { rating: "down", comment: "x".repeat(2001) }, "comment"],
    ["a field it does not know", { rating: "up", stars: 5 }, ""],
  ])("refuses %s with 422 naming the field", async (_, json, field) => {
    const { status, body } = await team.member.client.json<{ error: { code: string; details: { issues: { path: string }[] } } }>(
      feedbackPath(agentMessageId),
      { method: "PUT", json },
    );
    expect(status).toBe(422);
    if (field) expect(body.error.details.issues.map((issue) => issue.path)).toContain(field);
  });

  it("refuses a person's message (422) and an unknown message (404)", async () => {
    const own = await team.member.client.json<{ error: { code: string } }>(feedbackPath(userMessageId), {
      method: "PUT",
      json: { rating: "up" },
    });
    expect(own.status).toBe(422);
    expect(own.body.error.code).toBe("not_an_agent_message");
    expect((await team.member.client.json(feedbackPath("no-such-message"), { method: "PUT", json: { rating: "up" } })).status).toBe(404);
  });

  it("another organization's member gets 404 and changes nothing", async () => {
    const put = await intruder.client.json(feedbackPath(agentMessageId), {
      method: "PUT",
      json: { rating: "down", comment: "Taken over" },
    });
    expect(put.status).toBe(404);
    expect((await intruder.client.json(feedbackPath(agentMessageId), { method: "DELETE" })).status).toBe(404);
    expect((await intruder.client.json(`/api/conversations/${conversationId}/feedback`)).status).toBe(404);
    expect((await intruder.client.json(`/api/orgs/${team.slug}/feedback`)).status).toBe(404);
    expect(await sql(`SELECT 1 FROM "MessageFeedback" WHERE "comment" = 'Taken over'`)).toEqual([]);
  });
});

describe("Settings → Feedback's list", () => {
  it("answers a member 403", async () => {
    const { status, body } = await team.member.client.json<{ error: { code: string } }>(`/api/orgs/${team.slug}/feedback`);
    expect(status).toBe(403);
    expect(body.error.code).toBe("forbidden");
  });

  it("shows an admin everyone's feedback with the conversation, the person and the message's start, filtered", async () => {
    await team.owner.client.json(feedbackPath(agentMessageId), { method: "PUT", json: { rating: "down", reason: "incomplete" } });
    const all = await team.admin.client.json<FeedbackPage>(`/api/orgs/${team.slug}/feedback`);
    expect(all.status).toBe(200);
    expect(all.body.entries).toHaveLength(2);
    expect(all.body.entries[0]).toMatchObject({
      rating: "down",
      person: { id: team.owner.userId },
      conversation: { id: conversationId, title: "Feedback" },
      messageId: agentMessageId,
      runId,
    });
    expect(all.body.entries[0].excerpt.length).toBeGreaterThan(0);
    const ups = await team.admin.client.json<FeedbackPage>(`/api/orgs/${team.slug}/feedback?rating=up`);
    expect(ups.body.entries.map((entry) => entry.person.id)).toEqual([team.member.userId]);
    const byOwner = await team.admin.client.json<FeedbackPage>(`/api/orgs/${team.slug}/feedback?user=${team.owner.userId}`);
    expect(byOwner.body.entries.map((entry) => entry.rating)).toEqual(["down"]);
    const before = await team.admin.client.json<FeedbackPage>(`/api/orgs/${team.slug}/feedback?to=2000-01-01`);
    expect(before.body.entries).toEqual([]);
  });

  it("pages by cursor and refuses bad filters with 422", async () => {
    const first = await team.admin.client.json<FeedbackPage>(`/api/orgs/${team.slug}/feedback?limit=1`);
    expect(first.body.entries).toHaveLength(1);
    const second = await team.admin.client.json<FeedbackPage>(
      `/api/orgs/${team.slug}/feedback?limit=1&cursor=${encodeURIComponent(first.body.nextCursor!)}`,
    );
    expect(second.body.entries).toHaveLength(1);
    expect(second.body.entries[0].id).not.toBe(first.body.entries[0].id);
    expect(second.body.nextCursor).toBeNull();
    expect((await team.admin.client.json(`/api/orgs/${team.slug}/feedback?rating=meh`)).status).toBe(422);
    expect((await team.admin.client.json(`/api/orgs/${team.slug}/feedback?cursor=bm90LWEtY3Vyc29y`)).status).toBe(422);
    expect((await team.admin.client.json(`/api/orgs/${team.slug}/feedback?from=yesterday`)).status).toBe(422);
  });

  it("a person takes their rating back with DELETE (204); others' stay", async () => {
    const removed = await team.member.client.request(feedbackPath(agentMessageId), { method: "DELETE" });
    expect(removed.status).toBe(204);
    const mine = await team.member.client.json<{ feedback: MessageFeedback[] }>(`/api/conversations/${conversationId}/feedback`);
    expect(mine.body.feedback).toEqual([]);
    const all = await team.admin.client.json<FeedbackPage>(`/api/orgs/${team.slug}/feedback`);
    expect(all.body.entries.map((entry) => entry.person.id)).toEqual([team.owner.userId]);
  });
});
