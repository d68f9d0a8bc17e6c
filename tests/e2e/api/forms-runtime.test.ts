import { describe, expect, it } from "vitest";
import { appBaseURL } from "../support/env";
import type { TestAccount } from "../support/http-client";
import { answerSlot, createConversation, readToEnd, say, type StreamedEvent } from "../support/run-events";
import { sql } from "../support/sql";
import { teamOf } from "../support/teams";
import type { FormView } from "@/lib/forms/view";
import { expenseClaimForm } from "@/prisma/demo-forms";

type WriteData = { stored: string[]; locked: { field: string }[]; missing: string[]; complete: boolean; status: string };
type ErrorBody = { error: { code: string; message: string } };

const toolResult = (events: StreamedEvent[], name: string) =>
  events.find((event) => event.type === "tool_use_result" && event.data.tool_name === name)?.data.result;
const pushed = (events: StreamedEvent[], renderer: string) =>
  events.find((event) => event.type === "slot_push" && event.data.slot.renderer === renderer)?.data.slot;
const fieldOf = (view: FormView, id: string) => view.steps.flatMap((step) => step.fields).find((field) => field.id === id)!;

/** The expense claim imported into the owner's team and switched on for its agent. */
async function expenseClaimTeam() {
  const team = await teamOf(appBaseURL());
  const imported = await team.owner.client.json<{ form: { id: string } }>(`/api/orgs/${team.slug}/forms/import`, {
    json: { format: "handoff.form", formatVersion: 1, definition: expenseClaimForm },
  });
  expect(imported.status).toBe(201);
  const enabled = await team.owner.client.json(`/api/orgs/${team.slug}/agent`, {
    method: "PUT",
    json: { name: "Helper", enabledTools: [], enabledForms: ["expense-claim"] },
  });
  expect(enabled.status).toBe(200);
  return { ...team, formId: imported.body.form.id };
}

const snapshotForms = async (user: TestAccount, conversationId: string) =>
  (await user.client.json<{ forms: FormView[] }>(`/api/conversations/${conversationId}`)).body.forms;

describe("a conversational form on the demo model", () => {
  it("fills by sentence, keeps the person's edit, asks an admin over the limit, and stores exactly what was confirmed", async () => {
    const { member, admin, formId, slug } = await expenseClaimTeam();
    const conversationId = await createConversation(member.client, undefined, slug);

    const started = await say(member.client, conversationId, "start the expense claim");
    expect(toolResult(started, "glove_form_start")).toMatchObject({ status: "success" });
    const liveCard = pushed(started, "form_card");
    expect(liveCard).toMatchObject({ kind: "forget", display_strategy: "hide-on-new" });
    const instanceId = liveCard.props.instanceId as string;

    const filled = await say(
      member.client,
      conversationId,
      "the purpose is Client visit, the date of travel is 2026-11-30 and the mode of travel is car",
    );
    const fill = toolResult(filled, "glove_form_fill");
    expect(fill.status).toBe("success");
    expect((fill.data as WriteData).stored).toEqual(expect.arrayContaining(["Purpose", "Date of travel", "Mode of travel"]));
    expect(filled.some((event) => event.type === "form_updated" && event.data.instance_id === instanceId)).toBe(true);

    // The person types the distance into the card; a later agent guess does not overwrite it.
    const edit = await member.client.json<{ view: FormView }>(`/api/conversations/${conversationId}/forms/${instanceId}/values`, {
      json: { values: { distance_km: 95 } },
    });
    expect(edit.status).toBe(200);
    expect(fieldOf(edit.body.view, "distance_km")).toMatchObject({ value: 95, by: "person" });
    const guess = await say(member.client, conversationId, "the distance (km) is 300");
    expect((toolResult(guess, "glove_form_fill").data as WriteData).locked).toEqual([expect.objectContaining({ field: "distance_km" })]);

    // A correction in words is a revision; a reload shows the same state.
    const corrected = await say(member.client, conversationId, "actually the purpose is Customer workshop");
    expect(toolResult(corrected, "glove_form_revise")).toMatchObject({ status: "success" });
    const [afterReload] = await snapshotForms(member, conversationId);
    expect(fieldOf(afterReload, "purpose")).toMatchObject({ value: "Customer workshop", by: "agent" });
    expect(fieldOf(afterReload, "distance_km")).toMatchObject({ value: 95, by: "person" });

    // Over the limit: a blocking checkpoint asks an admin; a member may not answer it.
    const overLimit = await say(member.client, conversationId, "the total amount is 612.5");
    const approval = pushed(overLimit, "form_approval");
    expect(approval.props).toMatchObject({ checkpointId: "over-limit", approverRole: "admin" });
    expect(overLimit.at(-1)?.type).toBe("run_suspended");
    const refused = await answerSlot(member.client, approval.id, "resolve", { value: { approved: true } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ErrorBody).error.code).toBe("forbidden");
    const approved = await readToEnd(
      await answerSlot(admin.client, approval.id, "resolve", { value: { approved: true } }, { stream: true }),
    );
    expect(approved.at(-1)?.type).toBe("run_completed");
    const audit = await sql<{ actorId: string; metadata: { approved: boolean; checkpoint: string } }>(
      `SELECT "actorId", metadata FROM "AuditLog" WHERE action = 'form.approval' AND target = $1`,
      [instanceId],
    );
    expect(audit).toEqual([{ actorId: admin.userId, metadata: expect.objectContaining({ approved: true, checkpoint: "over-limit" }) }]);
    expect((await snapshotForms(member, conversationId))[0]).toMatchObject({ complete: true, awaiting: null });

    // Submitting shows what will be stored; confirming stores exactly that.
    const submitting = await say(member.client, conversationId, "submit the form");
    const confirmCard = pushed(submitting, "form_confirm");
    expect(confirmCard.props.values).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: "purpose", display: "Customer workshop" }),
        expect.objectContaining({ id: "distance_km", display: "95" }),
      ]),
    );
    const confirmed = await readToEnd(
      await answerSlot(member.client, confirmCard.id, "resolve", { value: { confirm: true } }, { stream: true }),
    );
    expect(toolResult(confirmed, "glove_form_submit")).toMatchObject({ status: "success" });

    const [submission] = await sql<{ id: string; values: Record<string, unknown>; submittedById: string; formDefinitionId: string }>(
      `SELECT id, "values", "submittedById", "formDefinitionId" FROM "FormSubmission" WHERE "instanceId" = $1`,
      [instanceId],
    );
    expect(submission).toMatchObject({
      submittedById: member.userId,
      formDefinitionId: formId,
      values: { purpose: "Customer workshop", travel_date: "2026-11-30", mode: "car", distance_km: 95, amount: 612.5 },
    });
    expect(Object.keys(submission.values).sort()).toEqual(confirmCard.props.values.map((row: { id: string }) => row.id).sort());
    const outbox = await sql<{ payload: { type: string; data: { submission_id: string } } }>(
      `SELECT payload FROM "OutboxEvent" WHERE type = 'form.completed' AND payload -> 'data' ->> 'instance_id' = $1`,
      [instanceId],
    );
    expect(outbox.map((row) => row.payload.data.submission_id)).toEqual([submission.id]);
    const purposeHistory = await sql<{ value: string; byKind: string }>(
      `SELECT value, "byKind" FROM "FormEntry" WHERE "instanceId" = $1 AND "fieldId" = 'purpose' ORDER BY seq`,
      [instanceId],
    );
    expect(purposeHistory.map((row) => row.value)).toEqual(["Client visit", "Customer workshop"]);
  });

  it("the card's edits answer 409 once the form is closed, and 404 for an instance of another conversation", async () => {
    const { member, slug } = await expenseClaimTeam();
    const conversationId = await createConversation(member.client, undefined, slug);
    const instanceId = pushed(await say(member.client, conversationId, "start the expense claim"), "form_card").props.instanceId;
    expect(toolResult(await say(member.client, conversationId, "cancel the form"), "glove_form_abandon")).toMatchObject({
      status: "success",
    });
    const closed = await member.client.json<ErrorBody>(`/api/conversations/${conversationId}/forms/${instanceId}/values`, {
      json: { values: { purpose: "Too late" } },
    });
    expect(closed.status).toBe(409);
    expect(closed.body.error.code).toBe("closed");
    const elsewhere = await createConversation(member.client, undefined, slug);
    const wrongConversation = await member.client.json<ErrorBody>(`/api/conversations/${elsewhere}/forms/${instanceId}/values`, {
      json: { values: { purpose: "Here?" } },
    });
    expect(wrongConversation.status).toBe(404);
    const bad = await member.client.json<ErrorBody>(`/api/conversations/${conversationId}/forms/${instanceId}/values`, {
      json: { values: "purpose" },
    });
    expect(bad.status).toBe(422);
  });
});
