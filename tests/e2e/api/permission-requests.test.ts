// Organization-wide grants only by admins; a member asks for everyone and an admin approves (first decision wins);
// standing denials; members see and revoke their own. Over HTTP against the production server.
import { beforeAll, describe, expect, it } from "vitest";
import type { TestAccount } from "../support/http-client";
import { createAccount } from "../support/http-client";
import { appBaseURL } from "../support/env";
import { teamOf } from "../support/teams";
import { answerSlot, readToEnd, say, type StreamedEvent } from "../support/run-events";

type ErrorBody = { error: { code: string; message: string; details?: unknown } };
type Page = {
  grants: { id: string; toolName: string; status: string; scope: string; revocable: boolean; coveredUser: { email: string } | null }[];
  requests: { id: string; toolName: string; status: string; allInputs: boolean; slotId: string; requestedBy: { email: string } }[];
};

const EMAIL = "send an email to grace@example.com about the offsite";

let team: Awaited<ReturnType<typeof teamOf>>;
beforeAll(async () => {
  team = await teamOf(appBaseURL());
});

async function askToEmail(account: TestAccount): Promise<StreamedEvent[]> {
  const created = await account.client.json<{ conversation: { id: string } }>(`/api/conversations?org=${team.slug}`, { json: {} });
  return say(account.client, created.body.conversation.id, EMAIL);
}

const cardOf = (events: StreamedEvent[]) =>
  events.find((event) => event.type === "slot_push" && event.data.slot.renderer === "permission_request")?.data.slot as
    { id: string } | undefined;

async function answer(account: TestAccount, events: StreamedEvent[], value: Record<string, unknown>) {
  const response = await answerSlot(account.client, cardOf(events)!.id, "resolve", { value }, { stream: true });
  expect(response.status).toBe(200);
  return readToEnd(response);
}

const page = (account: TestAccount) => account.client.json<Page & ErrorBody>(`/api/orgs/${team.slug}/permissions`);
const decide = (account: TestAccount, id: string, decision: string) =>
  account.client.json<ErrorBody & { status?: string }>(`/api/orgs/${team.slug}/permissions/requests/${id}`, { json: { decision } });

describe("who may grant what", () => {
  it("a member cannot decide for the organization: 403 with a sentence, and the card still waits", async () => {
    const events = await askToEmail(team.member);
    const card = cardOf(events)!;
    for (const decision of ["allow_input_always", "deny_always"]) {
      const refused = await team.member.client.json<ErrorBody>(`/api/slots/${card.id}/resolve`, {
        json: { value: { decision, scope: "organization" } },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toMatch(/Only an owner or admin can decide for everyone/);
    }
    const done = await answer(team.member, events, { decision: "deny" });
    expect(done.at(-1)?.type).toBe("run_completed");
    expect((await page(team.owner)).body.grants).toEqual([]);
  });

  it("a member asks for everyone: the call runs once; members cannot approve; the first admin's decision wins; revoked, the card returns", async () => {
    const asked = await askToEmail(team.member);
    const done = await answer(team.member, asked, { decision: "request_organization" });
    expect(done.find((event) => event.type === "tool_use_result")?.data).toMatchObject({
      tool_name: "send_email",
      result: { status: "success" },
    });
    expect(done.at(-1)?.type).toBe("run_completed");

    const mine = await page(team.member);
    expect(mine.status).toBe(200);
    expect(mine.body.requests).toEqual([
      expect.objectContaining({ toolName: "send_email", status: "pending", allInputs: true, slotId: cardOf(asked)!.id }),
    ]);
    const [request] = mine.body.requests;
    const byMember = await decide(team.member, request.id, "approve");
    expect(byMember.status).toBe(403);
    expect((await askToEmail(team.member)).at(-1)?.type).toBe("run_suspended");

    const [first, second] = await Promise.all([decide(team.admin, request.id, "approve"), decide(team.owner, request.id, "decline")]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = first.status === 409 ? first : second;
    expect(loser.body.error.message).toMatch(/already (approved|declined)/);
    const winner = first.status === 200 ? "approved" : "declined";
    expect(loser.body.error.details).toMatchObject({ id: request.id, status: winner });
    if (winner === "declined") expect((await decide(team.admin, request.id, "approve")).status).toBe(409);

    const grants = (await page(team.admin)).body.grants;
    if (winner === "approved") {
      expect(grants).toEqual([expect.objectContaining({ toolName: "send_email", status: "granted", scope: "organization" })]);
      expect(cardOf(await askToEmail(team.owner))).toBeUndefined();
      expect((await page(team.member)).body.grants).toEqual([]);
      const revoked = await team.admin.client.json(`/api/orgs/${team.slug}/permissions/${grants[0].id}`, { method: "DELETE" });
      expect(revoked.status).toBe(200);
    } else {
      expect(grants).toEqual([]);
    }
    expect(cardOf(await askToEmail(team.owner))).toBeDefined();
  });

  it("standing denials: an admin's covers everyone without a card; a member keeps one for themselves and revokes it, not the organization's", async () => {
    await answer(team.member, await askToEmail(team.member), { decision: "deny_always", reason: "Not from my chats." });
    const own = (await page(team.member)).body.grants;
    expect(own).toEqual([expect.objectContaining({ status: "denied", scope: "person", revocable: true })]);
    const refused = await askToEmail(team.member);
    expect(cardOf(refused)).toBeUndefined();
    expect(refused.find((event) => event.type === "permission_decided")?.data).toMatchObject({ allowed: false, by: "stored" });
    expect(cardOf(await askToEmail(team.admin))).toBeDefined();

    await answer(team.admin, await askToEmail(team.admin), { decision: "deny_always", reason: "Email is frozen this week." });
    const organization = (await page(team.owner)).body.grants.find((grant) => grant.scope === "organization")!;
    expect(organization).toMatchObject({ status: "denied" });
    const byMember = await team.member.client.json<ErrorBody>(`/api/orgs/${team.slug}/permissions/${organization.id}`, {
      method: "DELETE",
    });
    expect(byMember.status).toBe(403);
    expect((await team.member.client.json(`/api/orgs/${team.slug}/permissions/${own[0].id}`, { method: "DELETE" })).status).toBe(200);
    const frozen = await askToEmail(team.owner);
    expect(cardOf(frozen)).toBeUndefined();
    expect(frozen.find((event) => event.type === "permission_decided")?.data).toMatchObject({ reason: "Email is frozen this week." });

    const audit = await team.owner.client.json<{ entries: { action: string }[] }>(`/api/orgs/${team.slug}/audit`);
    const actions = new Set(audit.body.entries.map((entry) => entry.action));
    for (const action of ["permission.requested", "permission.denied_always", "permission.revoked"]) expect(actions).toContain(action);
    expect([...actions].some((action) => action === "permission.request_approved" || action === "permission.request_declined")).toBe(true);
  });

  it("someone outside the organization gets 404 for its permissions and requests", async () => {
    const outsider = await createAccount(appBaseURL(), "outsider");
    const [request] = (await page(team.owner)).body.requests;
    expect((await outsider.client.json(`/api/orgs/${team.slug}/permissions`)).status).toBe(404);
    expect((await decide(outsider, request.id, "approve")).status).toBe(404);
  });
});
