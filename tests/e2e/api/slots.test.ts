import { describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../support/http-client";
import { appBaseURL } from "../support/env";
import { inviteAndJoin } from "../support/teams";
import { answerSlot, createConversation, readToEnd, say, type StreamedEvent } from "../support/run-events";
import { sql } from "../support/sql";

type ErrorBody = { error: { code: string; message: string; details?: { issues?: { path: string; message: string }[] } } };
type SlotReply = { slot: { id: string; status: string; value?: unknown; reason?: string }; continued: boolean };

const mailboxRows = (conversationId: string) =>
  sql<{ to: string; subject: string; toolCallId: string }>(
    `SELECT "to", "subject", "toolCallId" FROM "DemoEmail" WHERE "conversationId" = $1`,
    [conversationId],
  );

/** Sends the request and returns the id of the card its run waits on. */
async function cardFor(user: TestAccount, text: string) {
  const conversationId = await createConversation(user.client);
  const events = await say(user.client, conversationId, text);
  expect(events.at(-1)?.type).toBe("run_suspended");
  const slot = events.find((event) => event.type === "slot_push")!.data.slot;
  return { conversationId, slotId: slot.id as string, slot, events };
}

const replyText = (events: StreamedEvent[]) =>
  events
    .filter((e) => e.type === "model_response_complete")
    .map((e) => e.data.text)
    .join(" ");

async function resolveStreaming(user: TestAccount, slotId: string, value: unknown) {
  const response = await answerSlot(user.client, slotId, "resolve", { value }, { stream: true });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/event-stream");
  return readToEnd(response);
}

describe("permission-gated send_email", () => {
  it("allow: the email is sent exactly once, the result says the delivery is simulated, a repeat changes nothing", async () => {
    const user = await createAccount(appBaseURL(), "mailer");
    const { conversationId, slotId, slot } = await cardFor(user, "send an email to ada@example.com about the launch");
    expect(slot).toMatchObject({
      renderer: "permission_request",
      tool_name: "send_email",
      props: { tool_name: "send_email", input: { to: "ada@example.com" } },
    });
    expect(await mailboxRows(conversationId)).toHaveLength(0);

    const events = await resolveStreaming(user, slotId, { decision: "allow_once" });
    const result = events.find((e) => e.type === "tool_use_result")!.data.result;
    expect(result).toMatchObject({ status: "success", data: { simulated: true, to: "ada@example.com" } });
    expect(result.message).toMatch(/simulated/i);
    expect(replyText(events)).toContain("Done: the email to ada@example.com was sent.");
    expect(events.at(-1)?.type).toBe("run_completed");

    const again = await user.client.json<SlotReply>(`/api/slots/${slotId}/resolve`, { json: { value: { decision: "allow_once" } } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ slot: { status: "resolved" }, continued: false });
    const different = await user.client.json<ErrorBody>(`/api/slots/${slotId}/resolve`, { json: { value: { decision: "deny" } } });
    expect(different.status).toBe(409);
    expect((await user.client.json(`/api/slots/${slotId}/reject`, { json: {} })).status).toBe(409);
    expect(await mailboxRows(conversationId)).toEqual([{ to: "ada@example.com", subject: "The launch", toolCallId: slot.call_id }]);
  });

  it("deny: the tool never runs and the agent says so", async () => {
    const user = await createAccount(appBaseURL(), "denier");
    const { conversationId, slotId } = await cardFor(user, "send an email to ada@example.com about the launch");
    const events = await resolveStreaming(user, slotId, { decision: "deny", reason: "not now" });
    expect(events.find((e) => e.type === "permission_decided")?.data).toMatchObject({
      allowed: false,
      by: "user",
      decision: "deny",
      reason: "not now",
    });
    expect(replyText(events)).toContain("The email to ada@example.com was not sent: Permission denied: not now.");
    expect(await mailboxRows(conversationId)).toHaveLength(0);
  });

  it("rejecting the permission card denies the tool", async () => {
    const user = await createAccount(appBaseURL(), "rejecter");
    const { conversationId, slotId } = await cardFor(user, "send an email to ada@example.com about the launch");
    const response = await answerSlot(user.client, slotId, "reject", { reason: "wrong person" }, { stream: true });
    const events = await readToEnd(response);
    expect(replyText(events)).toContain("was not sent: Permission denied: wrong person");
    expect(await mailboxRows(conversationId)).toHaveLength(0);
  });

  it("without Accept: text/event-stream the answer is JSON and the run continues detached", async () => {
    const user = await createAccount(appBaseURL(), "jsonuser");
    const { conversationId, slotId } = await cardFor(user, "send an email to ada@example.com about the launch");
    const reply = await user.client.json<SlotReply>(`/api/slots/${slotId}/resolve`, { json: { value: { decision: "allow_once" } } });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ slot: { id: slotId, status: "resolved", value: { decision: "allow_once" } }, continued: true });
    await expect
      .poll(async () => (await user.client.json<{ run: { status: string } }>(`/api/conversations/${conversationId}`)).body.run.status)
      .toBe("completed");
    expect(await mailboxRows(conversationId)).toHaveLength(1);
  });

  it("only admins may edit the input; the tool then runs with exactly the edited input", async () => {
    const owner = await createAccount(appBaseURL(), "editor");
    const member = await createAccount(appBaseURL(), "member");
    await inviteAndJoin(owner, member, "member");
    const { conversationId, slotId } = await cardFor(owner, "send an email to ada@example.com about the launch");
    const edited = { to: "grace@example.com", subject: "Edited subject", body: "Edited body" };
    const refused = await member.client.json<ErrorBody>(`/api/slots/${slotId}/resolve`, {
      json: { value: { decision: "allow_once", editedInput: edited } },
    });
    expect(refused.status).toBe(403);
    const invalid = await owner.client.json<ErrorBody>(`/api/slots/${slotId}/resolve`, {
      json: { value: { decision: "allow_once", editedInput: { ...edited, to: "nobody" } } },
    });
    expect(invalid.status).toBe(422);
    const events = await resolveStreaming(owner, slotId, { decision: "allow_once", editedInput: edited });
    expect(events.find((e) => e.type === "permission_decided")?.data).toMatchObject({ allowed: true, input_edited: true });
    expect(await mailboxRows(conversationId)).toMatchObject([{ to: "grace@example.com", subject: "Edited subject" }]);
  });

  it("'always for this tool' is remembered: the next email is sent without a card", async () => {
    const user = await createAccount(appBaseURL(), "truster");
    const { conversationId, slotId } = await cardFor(user, "send an email to ada@example.com about the launch");
    await resolveStreaming(user, slotId, { decision: "allow_tool_always" });
    const next = await say(user.client, conversationId, "send an email to grace@example.com about the budget");
    expect(next.map((e) => e.type)).not.toContain("slot_push");
    expect(next.find((e) => e.type === "permission_decided")?.data).toMatchObject({ allowed: true, by: "stored" });
    expect(await mailboxRows(conversationId)).toHaveLength(2);
  });
});

describe("every card type, answered once", () => {
  it.each([
    ["ask_preference", "help me choose between tea, coffee and water", { choice: "tea" }, "You chose tea."],
    ["suggest_options", "suggest options for the team offsite", { choices: ["A hike", "A boat trip"] }, "You picked: A hike, A boat trip."],
    ["text_input", "ask me for a project name", { text: "Apollo" }, 'Thanks, I noted "Apollo".'],
    [
      "collect_form",
      "collect my contact details",
      { values: { name: "Ada", email: "ada@example.com", phone: "" } },
      "Thanks, I have name: Ada, email: ada@example.com, phone: .",
    ],
    [
      "approve_plan",
      "plan the product launch",
      { approved: true, steps: [{ title: "Research the product launch", decision: "approve" }] },
      "The plan was approved.",
    ],
    ["confirm_action", "delete the old drafts", { confirmed: false }, "OK, I did nothing."],
  ])("%s", async (tool, request, value, reply) => {
    const user = await createAccount(appBaseURL(), "cards");
    const { slotId, slot } = await cardFor(user, request);
    expect(slot).toMatchObject({ tool_name: tool, renderer: tool, kind: "wait", status: "pending" });
    const events = await resolveStreaming(user, slotId, value);
    expect(events.find((e) => e.type === "tool_use_result")?.data.result.status).toBe("success");
    expect(replyText(events)).toContain(reply);
  });

  it.each([
    ["ask_preference", "help me choose between tea, coffee and water", { choice: "beer" }, "choice"],
    ["suggest_options", "suggest options for the team offsite", { choices: ["A spaceship"] }, "choices"],
    ["text_input", "ask me for a project name", { text: "  " }, "text"],
    ["collect_form", "collect my contact details", { values: { name: "Ada", email: "not-an-email" } }, "values.email"],
    ["approve_plan", "plan the product launch", { approved: "yes" }, "approved"],
    ["confirm_action", "delete the old drafts", {}, "confirmed"],
  ])("%s: a value failing the card's schema is 422 with the issues, and the card still waits", async (_tool, request, value, path) => {
    const user = await createAccount(appBaseURL(), "badcards");
    const { conversationId, slotId } = await cardFor(user, request);
    const reply = await user.client.json<ErrorBody>(`/api/slots/${slotId}/resolve`, { json: { value } });
    expect(reply.status).toBe(422);
    expect(reply.body.error.details?.issues?.map((issue) => issue.path)).toContain(path);
    const snapshot = await user.client.json<{ slots: { id: string; status: string }[]; run: { status: string } }>(
      `/api/conversations/${conversationId}`,
    );
    expect(snapshot.body.slots.find((s) => s.id === slotId)?.status).toBe("pending");
    expect(snapshot.body.run.status).toBe("suspended");
  });

  it("show_info_card is display only: it takes no answer (422) and the run does not wait", async () => {
    const user = await createAccount(appBaseURL(), "info");
    const conversationId = await createConversation(user.client);
    const events = await say(user.client, conversationId, "show an info card about billing");
    const slot = events.find((e) => e.type === "slot_push")!.data.slot;
    expect(slot).toMatchObject({ kind: "forget", status: "shown", props: { variant: "info", title: "Billing" } });
    expect(events.at(-1)?.type).toBe("run_completed");
    expect((await user.client.json(`/api/slots/${slot.id}/resolve`, { json: { value: {} } })).status).toBe(422);
  });

  it("rejecting a choice card: the tool sees the rejection and the agent says so", async () => {
    const user = await createAccount(appBaseURL(), "nochoice");
    const { slotId } = await cardFor(user, "help me choose between tea, coffee and water");
    const events = await readToEnd(await answerSlot(user.client, slotId, "reject", { reason: "no thanks" }, { stream: true }));
    expect(events.find((e) => e.type === "slot_resolved")?.data.slot).toMatchObject({ status: "rejected", reason: "no thanks" });
    expect(replyText(events)).toContain("No choice was made");
  });
});

describe("slot route errors", () => {
  it("unknown card 404, bad JSON 400, missing value 422", async () => {
    const user = await createAccount(appBaseURL(), "slotter");
    expect((await user.client.json("/api/slots/nope/resolve", { json: { value: 1 } })).status).toBe(404);
    expect((await user.client.json("/api/slots/nope/reject", { json: {} })).status).toBe(404);
    const { slotId } = await cardFor(user, "help me choose between tea, coffee and water");
    expect(
      (
        await user.client.json(`/api/slots/${slotId}/resolve`, {
          method: "POST",
          body: "{",
          headers: { "content-type": "application/json" },
        })
      ).status,
    ).toBe(400);
    expect((await user.client.json(`/api/slots/${slotId}/resolve`, { json: {} })).status).toBe(422);
    expect((await user.client.json(`/api/slots/${slotId}/reject`, { json: { reason: "x".repeat(1001) } })).status).toBe(422);
  });
});

describe("card expiry", () => {
  it("an overdue card is settled as expired by the background job and its run continues", async () => {
    const user = await createAccount(appBaseURL(), "expiry");
    const settings = await user.client.json<{ settings: Record<string, unknown> }>(`/api/orgs/${user.orgSlug}/agent`);
    const {
      availableTools: _tools,
      providerKeySet: _a,
      environmentKeySet: _b,
      usingDemoModel: _c,
      notices: _d,
      ...input
    } = settings.body.settings;
    expect(
      (await user.client.json(`/api/orgs/${user.orgSlug}/agent`, { method: "PUT", json: { ...input, slotTtlMinutes: 5 } })).status,
    ).toBe(200);
    const { conversationId, slot } = await cardFor(user, "help me choose between tea, coffee and water");
    expect(new Date(slot.expires_at).getTime() - Date.now()).toBeGreaterThan(4 * 60_000);
    // Five minutes later, as far as the database is concerned.
    await sql(`UPDATE "Slot" SET "expiresAt" = now() AT TIME ZONE 'UTC' - interval '1 second' WHERE "id" = $1`, [slot.id]);
    type Snapshot = { slots: { id: string; status: string }[]; run: { status: string }; messages: { text: string }[] };
    await expect
      .poll(async () => (await user.client.json<Snapshot>(`/api/conversations/${conversationId}`)).body.run.status, { timeout: 10_000 })
      .toBe("completed");
    const snapshot = await user.client.json<Snapshot>(`/api/conversations/${conversationId}`);
    expect(snapshot.body.slots.find((s) => s.id === slot.id)?.status).toBe("expired");
    expect(snapshot.body.messages.at(-1)?.text).toContain("No choice was made");
  });
});
