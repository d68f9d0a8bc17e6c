// Members' requests for an organization-wide grant, over Postgres: filed with the card's settlement,
// settled first-decision-wins with the grant and the audit entry in one transaction; what members see and revoke.
import { beforeAll, describe, expect, it } from "vitest";
import type { PermissionDecisionRecord, SlotRecord } from "@/lib/agent/store-adapter";
import { decidePermissionRequest, listPermissionRequests } from "@/lib/db/permission-requests";
import { AUDITED_INPUT_LIMIT, listPermissionGrants, permissionDecisionAudit, revokePermissionGrant } from "@/lib/db/permissions";
import type { TenantContext } from "@/lib/db/tenant-context";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { createTenant, openNewConversationStore } from "./support";

const at = "2026-12-01T10:00:00.000Z";
const card = (id: string): SlotRecord => ({
  id,
  run_id: "run-1",
  call_id: `call-${id}`,
  index: 0,
  kind: "wait",
  tool_name: "deploy",
  renderer: "permission_request",
  props: { tool_name: "deploy", input: { env: "prod" }, input_editable: false },
  display_strategy: "hide-on-complete",
  status: "pending",
  created_at: at,
  expires_at: null,
  settled_at: null,
});

const ask = (userId: string): PermissionDecisionRecord => ({
  decision: "request_organization",
  decided_by: userId,
  tool_name: "deploy",
  input_key: '{"env":"prod"}',
  scope: "call",
  request: { tool_name: "deploy", input_key: null, requested_by: userId },
});

/** Another person in the tenant's organization, with this role. */
async function joiner(tenant: TenantContext, role: "admin" | "member"): Promise<TenantContext> {
  const prisma = getTestPrisma();
  const user = await prisma.user.create({ data: { email: `${role}-${Math.random().toString(16).slice(2)}@example.test`, name: role } });
  await prisma.membership.create({ data: { userId: user.id, organizationId: tenant.organizationId, role } });
  return { ...tenant, userId: user.id, role };
}

describe("permission requests in Postgres", () => {
  let owner: TenantContext;
  let admin: TenantContext;
  let member: TenantContext;
  beforeAll(async () => {
    owner = await createTenant("requests");
    admin = await joiner(owner, "admin");
    member = await joiner(owner, "member");
  });

  async function fileRequest(slotId: string) {
    const { store, conversation } = await openNewConversationStore(member);
    await store.createSlot(card(slotId));
    expect(
      (
        await store.settleSlot(
          slotId,
          { status: "resolved", value: { decision: "request_organization" }, settled_at: at },
          ask(member.userId),
        )
      )?.won,
    ).toBe(true);
    const [request] = (await listPermissionRequests(owner)).filter((candidate) => candidate.slotId === slotId);
    return { request, conversation };
  }

  it("files the request with the card, audited; two admins approve at once: one wins, one grant, one audit entry", async () => {
    const { request, conversation } = await fileRequest("slot-race");
    expect(request).toMatchObject({ toolName: "deploy", allInputs: true, status: "pending", conversationId: conversation.id });
    const requested = await getTestPrisma().auditLog.findMany({
      where: { organizationId: owner.organizationId, action: "permission.requested" },
    });
    expect(requested[0]).toMatchObject({
      actorId: member.userId,
      metadata: expect.objectContaining({
        slotId: "slot-race",
        conversationId: conversation.id,
        requested: expect.objectContaining({ scope: "organization" }),
      }),
    });

    const outcomes = await Promise.all([owner, admin].map((ctx) => decidePermissionRequest(ctx, request.id, "approve")));
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(["already_decided", "decided"]);
    const winner = outcomes[0].kind === "decided" ? owner : admin;
    expect(outcomes.find((outcome) => outcome.kind === "already_decided")).toMatchObject({
      status: "approved",
      decidedById: winner.userId,
    });

    const grants = await getTestPrisma().toolPermission.findMany({ where: { organizationId: owner.organizationId, toolName: "deploy" } });
    expect(grants).toEqual([expect.objectContaining({ inputKey: "", userId: "", status: "granted", grantedById: winner.userId })]);
    const approved = await getTestPrisma().auditLog.findMany({
      where: { organizationId: owner.organizationId, action: "permission.request_approved" },
    });
    expect(approved).toEqual([
      expect.objectContaining({
        actorId: winner.userId,
        metadata: expect.objectContaining({
          scope: "organization",
          requestedById: member.userId,
          slotId: "slot-race",
          conversationId: conversation.id,
        }),
      }),
    ]);
    await getTestPrisma().toolPermission.deleteMany({ where: { organizationId: owner.organizationId } });
  });

  it("first decision wins: a decline then an approve stores nothing; another organization gets not_found", async () => {
    const { request } = await fileRequest("slot-decline");
    expect(await decidePermissionRequest(admin, request.id, "decline")).toEqual({ kind: "decided", id: request.id, status: "declined" });
    expect(await decidePermissionRequest(owner, request.id, "approve")).toMatchObject({ kind: "already_decided", status: "declined" });
    expect(await getTestPrisma().toolPermission.count({ where: { organizationId: owner.organizationId } })).toBe(0);
    const other = await createTenant("requests-other");
    expect(await decidePermissionRequest(other, request.id, "approve")).toEqual({ kind: "not_found" });
    expect(await listPermissionRequests(other)).toEqual([]);
  });

  it("a member sees and revokes only their own records; admins see everyone's", async () => {
    const prisma = getTestPrisma();
    const [own, everyone] = await Promise.all([
      prisma.toolPermission.create({
        data: {
          organizationId: owner.organizationId,
          toolName: "email",
          inputKey: "",
          userId: member.userId,
          status: "denied",
          grantedById: member.userId,
        },
      }),
      prisma.toolPermission.create({
        data: {
          organizationId: owner.organizationId,
          toolName: "email",
          inputKey: "",
          userId: "",
          status: "granted",
          grantedById: owner.userId,
        },
      }),
    ]);
    expect((await listPermissionGrants(member)).map((grant) => [grant.id, grant.status, grant.revocable])).toEqual([
      [own.id, "denied", true],
    ]);
    expect((await listPermissionGrants(admin)).map((grant) => grant.id).sort()).toEqual([own.id, everyone.id].sort());
    expect((await listPermissionRequests(member)).every((request) => request.requestedBy.id === member.userId)).toBe(true);
    expect(await revokePermissionGrant(member, everyone.id)).toEqual({ kind: "forbidden" });
    expect(await revokePermissionGrant(member, own.id)).toEqual({ kind: "revoked", id: own.id });
    expect(await revokePermissionGrant(admin, everyone.id)).toEqual({ kind: "revoked", id: everyone.id });
  });

  it("the audit entry keeps the canonical input cut to 2 KB", () => {
    const long = JSON.stringify({ body: "x".repeat(5000) });
    const entry = permissionDecisionAudit("org", "conv", "slot", {
      ...ask("u1"),
      decision: "allow_once",
      input_key: long,
      request: undefined,
    });
    expect(entry.metadata).toMatchObject({
      inputKey: long.slice(0, AUDITED_INPUT_LIMIT),
      inputTruncated: true,
      slotId: "slot",
      conversationId: "conv",
    });
  });
});
