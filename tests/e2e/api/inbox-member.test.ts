// The inbox for people, end to end: the demo model posts a blocking item, a member finds it in the
// organization's inbox and answers it, and the conversation continues by itself; first answer wins,
// off-schema answers are 422, only admins cancel, and a non-blocking answer is folded into the next turn.
import { beforeAll, describe, expect, it } from "vitest";
import { appBaseURL } from "../support/env";
import { createConversation, openEvents, say, type StreamedEvent } from "../support/run-events";
import { createAccount } from "../support/http-client";
import { sql } from "../support/sql";
import { teamOf } from "../support/teams";

type Item = {
  id: string;
  conversation_id: string;
  tag: string;
  request: string;
  status: string;
  blocking: boolean;
  correlation_key: string | null;
  response_schema: Record<string, unknown> | null;
  response: unknown;
  resolved_by: { kind: string; id: string | null; name: string | null } | null;
};
type ErrorBody = { error: { code: string; message: string; details?: { issues?: { path: string }[]; item?: Item } } };
type Page = { items: Item[]; next_cursor: string | null };
type Resolved = { item: Item; changed: boolean; continued: boolean };

let team: Awaited<ReturnType<typeof teamOf>>;

beforeAll(async () => {
  team = await teamOf(appBaseURL());
});

/** A new conversation of the team where the demo model posted the item `text` asks for; its item and the last event's seq. */
async function postedItem(text: string) {
  const conversationId = await createConversation(team.member.client, undefined, team.slug);
  const events = await say(team.member.client, conversationId, text);
  const page = await team.member.client.json<Page>(`/api/orgs/${team.slug}/inbox?conversation_id=${conversationId}`);
  expect(page.status).toBe(200);
  expect(page.body.items).toHaveLength(1);
  return { conversationId, item: page.body.items[0], lastSeq: events.at(-1)!.seq };
}

const resolve = (itemId: string, response: unknown, client = team.member.client) =>
  client.json<Resolved & ErrorBody>(`/api/orgs/${team.slug}/inbox/${itemId}/resolve`, { json: { response } });

const replyText = (event: StreamedEvent) => event.type === "model_response_complete" && String(event.data.text);

describe("the organization's inbox", () => {
  it("a member answers a blocking item through the inbox; the conversation continues by itself, quoting the answer", async () => {
    const { conversationId, item, lastSeq } = await postedItem("ask finance to approve the Q3 budget (ref ORD-1) as a yes/no decision");
    expect(item).toMatchObject({ tag: "finance", status: "pending", blocking: true, correlation_key: "ORD-1", response: null });
    expect(item.id).toMatch(/^inb_[0-9a-f]{32}$/);

    // Filters narrow the list; every item links to its conversation.
    const byKey = await team.member.client.json<Page>(`/api/orgs/${team.slug}/inbox?correlation_key=ORD-1&status=pending&tag=finance`);
    expect(byKey.body.items.map((found) => found.id)).toContain(item.id);
    expect(byKey.body.items.every((found) => found.correlation_key === "ORD-1")).toBe(true);
    const none = await team.member.client.json<Page>(`/api/orgs/${team.slug}/inbox?conversation_id=${conversationId}&status=resolved`);
    expect(none.body.items).toEqual([]);
    const old = await team.member.client.json<Page>(`/api/orgs/${team.slug}/inbox?conversation_id=${conversationId}&older_than_minutes=60`);
    expect(old.body.items).toEqual([]);
    expect((await team.member.client.json(`/api/orgs/${team.slug}/inbox?status=lost`)).status).toBe(422);

    // The item with its capability link, on this server's origin.
    const detail = await team.member.client.json<{ item: Item; capability_url: string; capability_url_expires_at: string }>(
      `/api/orgs/${team.slug}/inbox/${item.id}`,
    );
    expect(detail.status).toBe(200);
    expect(detail.body.capability_url).toMatch(new RegExp(`^${appBaseURL()}/api/inbox/links/${item.id}\\.`));

    // Off the item's schema: 422 naming the field; members cannot cancel.
    const offSchema = await resolve(item.id, { approved: "yes" });
    expect(offSchema.status).toBe(422);
    expect(offSchema.body.error.details?.issues?.map((issue) => issue.path)).toContain("response.approved");
    const cancel = await team.member.client.json(`/api/orgs/${team.slug}/inbox/${item.id}/cancel`, { json: {} });
    expect(cancel.status).toBe(403);

    const watcher = await openEvents(team.owner.client, conversationId, { after: lastSeq });
    const answered = await resolve(item.id, { approved: true, note: "Go ahead" });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({
      changed: true,
      continued: true,
      item: {
        status: "resolved",
        response: { approved: true, note: "Go ahead" },
        resolved_by: { kind: "member", id: team.member.userId, name: team.member.name },
      },
    });
    await watcher.waitForType("run_started");
    const reply = await watcher.waitFor((event) => String(replyText(event)).includes("An inbox update arrived"));
    expect(reply.data.text).toContain('"approved":true');
    expect(reply.data.text).toContain(team.member.name);
    await watcher.close();

    // First answer wins: the same again is a 200 that changes nothing, another a 409 carrying the winner.
    const same = await resolve(item.id, { note: "Go ahead", approved: true }, team.owner.client);
    expect(same.body).toMatchObject({ changed: false, continued: false });
    const other = await resolve(item.id, { approved: false }, team.owner.client);
    expect(other.status).toBe(409);
    expect(other.body.error.details?.item?.response).toEqual({ approved: true, note: "Go ahead" });
    const late = await team.admin.client.json<ErrorBody>(`/api/orgs/${team.slug}/inbox/${item.id}/cancel`, { json: {} });
    expect(late.status).toBe(409);
  });

  it("an admin cancels a pending item (audited); the waiting agent is told and continues", async () => {
    const { conversationId, item, lastSeq } = await postedItem("ask legal to review the contract");
    const watcher = await openEvents(team.member.client, conversationId, { after: lastSeq });
    const cancelled = await team.admin.client.json<{ item: Item }>(`/api/orgs/${team.slug}/inbox/${item.id}/cancel`, {
      json: { reason: "Handled by phone" },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.item).toMatchObject({ status: "cancelled", resolved_by: { kind: "member", id: team.admin.userId } });
    const reply = await watcher.waitFor((event) => String(replyText(event)).includes("An inbox update arrived"));
    expect(reply.data.text).toContain("cancelled");
    await watcher.close();
    const audit = await sql<{ metadata: { itemId: string; reason: string } }>(
      `SELECT metadata FROM "AuditLog" WHERE action = 'inbox.item.cancelled' AND metadata->>'itemId' = $1`,
      [item.id],
    );
    expect(audit).toEqual([{ metadata: expect.objectContaining({ reason: "Handled by phone" }) }]);
    expect((await resolve(item.id, "too late")).status).toBe(409);
  });

  it("another organization's member gets 404 for the item, through their own organization's routes too", async () => {
    const { conversationId, item } = await postedItem("ask finance to check the invoice");
    const outsider = await createAccount(appBaseURL(), "outsider");
    const own = `/api/orgs/${outsider.orgSlug}/inbox`;
    expect((await outsider.client.json(`${own}/${item.id}`)).status).toBe(404);
    expect((await outsider.client.json(`${own}/${item.id}/resolve`, { json: { response: "mine" } })).status).toBe(404);
    expect((await outsider.client.json(`${own}/${item.id}/cancel`, { json: {} })).status).toBe(404);
    expect((await outsider.client.json(`${own}?conversation_id=${conversationId}`)).status).toBe(404);
    const [row] = await sql<{ status: string }>(`SELECT status FROM "InboxItem" WHERE "publicId" = $1`, [item.id]);
    expect(row.status).toBe("pending");
  });

  it("a non-blocking item's answer continues nothing; it is folded into the next turn", async () => {
    const { conversationId, item } = await postedItem("ask ops to check the backups");
    await sql(`UPDATE "InboxItem" SET blocking = false WHERE "publicId" = $1`, [item.id]);
    // With an Idempotency-Key, as on every resolve path: a retry replays the answer, the key on another request is refused.
    const keyed = (response: unknown) =>
      team.member.client.request(`/api/orgs/${team.slug}/inbox/${item.id}/resolve`, {
        json: { response },
        headers: { "idempotency-key": `backups-${item.id}` },
      });
    const answeredResponse = await keyed("Backups are fine");
    const answered = { status: answeredResponse.status, body: (await answeredResponse.json()) as Resolved };
    expect(answered.body).toMatchObject({ changed: true, continued: false, item: { status: "resolved" } });
    const replay = await keyed("Backups are fine");
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(((await replay.json()) as Resolved).changed).toBe(true);
    const reused = await keyed("Backups are broken");
    expect(reused.status).toBe(422);
    expect(((await reused.json()) as ErrorBody).error.code).toBe("idempotency_key_reused");
    const events = await say(team.member.client, conversationId, "hello again");
    const injected = events.find((event) => event.type === "message_injected");
    expect(injected?.data.message.text).toContain("Backups are fine");
    const [row] = await sql<{ status: string }>(`SELECT status FROM "InboxItem" WHERE "publicId" = $1`, [item.id]);
    expect(row.status).toBe("consumed");
  });
});
