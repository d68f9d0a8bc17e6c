// Who may grant what on a permission card, whom a grant covers, and admins listing and revoking grants.
import { beforeAll, describe, expect, it } from "vitest";
import type { TestAccount } from "../support/http-client";
import { appBaseURL } from "../support/env";
import { teamOf } from "../support/teams";
import { answerSlot, readToEnd, say, type StreamedEvent } from "../support/run-events";

type ErrorBody = { error: { code: string; message: string } };
type Grant = {
  id: string;
  toolName: string;
  input: unknown;
  scope: "organization" | "person";
  coveredUser: { id: string; email: string } | null;
  grantedBy: { email: string } | null;
};
type AuditPage = {
  entries: { action: string; target: string | null; metadata: Record<string, unknown>; actor: { email: string } | null }[];
};

const EMAIL = "send an email to ada@example.com about the launch";

let team: Awaited<ReturnType<typeof teamOf>>;
beforeAll(async () => {
  team = await teamOf(appBaseURL());
});

/** A new conversation of the team, started by `account`, with the email request: its events. */
async function askToEmail(account: TestAccount): Promise<StreamedEvent[]> {
  const created = await account.client.json<{ conversation: { id: string } }>(`/api/conversations?org=${team.slug}`, { json: {} });
  expect(created.status).toBe(201);
  return say(account.client, created.body.conversation.id, EMAIL);
}

const cardOf = (events: StreamedEvent[]) =>
  events.find((event) => event.type === "slot_push")?.data.slot as { id: string; renderer: string } | undefined;

async function answer(account: TestAccount, events: StreamedEvent[], decision: string) {
  const card = cardOf(events);
  expect(card?.renderer).toBe("permission_request");
  const response = await answerSlot(account.client, card!.id, "resolve", { value: { decision } }, { stream: true });
  expect(response.status).toBe(200);
  return readToEnd(response);
}

const grants = (account: TestAccount) => account.client.json<{ grants: Grant[] } & ErrorBody>(`/api/orgs/${team.slug}/permissions`);

describe("permission grants", () => {
  it("a member cannot always allow a tool for every input: 403 saying an admin must grant it, and the card still waits", async () => {
    const events = await askToEmail(team.member);
    const card = cardOf(events)!;
    const refused = await team.member.client.json<ErrorBody>(`/api/slots/${card.id}/resolve`, {
      json: { value: { decision: "allow_tool_always" } },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/owner or admin/);
    expect(refused.body.error.message).toMatch(/ask an admin to grant it/);
    const done = await answer(team.member, events, "allow_once");
    expect(done.at(-1)?.type).toBe("run_completed");
    expect((await grants(team.owner)).body.grants).toEqual([]);
  });

  it("a member's 'always allow this input' covers that member's runs only, never the owner's", async () => {
    await answer(team.member, await askToEmail(team.member), "allow_input_always");

    const again = await askToEmail(team.member);
    expect(cardOf(again)).toBeUndefined();
    expect(again.at(-1)?.type).toBe("run_completed");

    const owners = await askToEmail(team.owner);
    expect(cardOf(owners)?.renderer).toBe("permission_request");
    expect(owners.at(-1)?.type).toBe("run_suspended");
    await answer(team.owner, owners, "deny");

    const listed = await grants(team.admin);
    expect(listed.status).toBe(200);
    expect(listed.body.grants).toEqual([
      expect.objectContaining({
        toolName: "send_email",
        scope: "person",
        coveredUser: expect.objectContaining({ email: team.member.email }),
        grantedBy: expect.objectContaining({ email: team.member.email }),
      }),
    ]);
    expect(listed.body.grants[0].input).toMatchObject({ to: "ada@example.com" });
  });

  it("a member lists only their own; a revoked grant brings the card back; every decision and the revoke are audited", async () => {
    const [grant] = (await grants(team.owner)).body.grants;
    expect((await grants(team.member)).body.grants.map((own) => own.id)).toEqual([grant.id]);

    const revoked = await team.admin.client.json(`/api/orgs/${team.slug}/permissions/${grant.id}`, { method: "DELETE" });
    expect(revoked.status).toBe(200);
    expect((await team.admin.client.json<ErrorBody>(`/api/orgs/${team.slug}/permissions/${grant.id}`, { method: "DELETE" })).status).toBe(
      404,
    );
    expect((await grants(team.owner)).body.grants).toEqual([]);

    const afterRevoke = await askToEmail(team.member);
    expect(cardOf(afterRevoke)?.renderer).toBe("permission_request");
    await answer(team.member, afterRevoke, "allow_once");

    const audit = await team.owner.client.json<AuditPage>(`/api/orgs/${team.slug}/audit`);
    const permissionEntries = audit.body.entries.filter((entry) => entry.action.startsWith("permission."));
    expect(permissionEntries.map((entry) => [entry.action, entry.actor?.email, entry.metadata.scope])).toEqual([
      ["permission.allowed_once", team.member.email, "call"],
      ["permission.revoked", team.admin.email, "person"],
      ["permission.denied", team.owner.email, "call"],
      ["permission.allowed_input_always", team.member.email, "person"],
      ["permission.allowed_once", team.member.email, "call"],
    ]);
    for (const entry of permissionEntries.filter((e) => e.action !== "permission.revoked")) {
      expect(entry.metadata).toMatchObject({
        toolName: "send_email",
        inputKey: expect.stringContaining("ada@example.com"),
        conversationId: expect.any(String),
        slotId: expect.any(String),
      });
    }
  });

  it("an admin's 'always allow this input' covers everyone in the team", async () => {
    await answer(team.admin, await askToEmail(team.admin), "allow_input_always");
    const members = await askToEmail(team.member);
    expect(cardOf(members)).toBeUndefined();
    expect((await grants(team.owner)).body.grants).toEqual([expect.objectContaining({ scope: "organization", coveredUser: null })]);
  });
});
