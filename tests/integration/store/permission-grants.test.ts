// Permission answers over Postgres: the grant and its audit entry commit with the card's settlement;
// admins list and revoke grants, audited.
import { beforeAll, describe, expect, it } from "vitest";
import type { PermissionDecisionRecord, SlotRecord } from "@/lib/agent/store-adapter";
import { listPermissionGrants, revokePermissionGrant } from "@/lib/db/permissions";
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

describe("permission grants in Postgres", () => {
  let tenant: TenantContext;
  beforeAll(async () => {
    tenant = await createTenant("grants");
  });

  const memberAlways = (userId: string): PermissionDecisionRecord => ({
    decision: "allow_input_always",
    decided_by: userId,
    tool_name: "deploy",
    input_key: '{"env":"prod"}',
    scope: "person",
    grant: { tool_name: "deploy", input_key: '{"env":"prod"}', user_id: userId, status: "granted", granted_by: userId },
  });

  it("writes the grant and the audit entry with the winning settlement, and neither for a losing one", async () => {
    const { store, conversation } = await openNewConversationStore(tenant);
    await store.createSlot(card("slot-a"));
    const settled = { status: "resolved" as const, value: { decision: "allow_input_always" }, settled_at: at };
    expect((await store.settleSlot("slot-a", settled, memberAlways(tenant.userId)))?.won).toBe(true);
    expect((await store.settleSlot("slot-a", settled, memberAlways(tenant.userId)))?.won).toBe(false);

    const audit = await getTestPrisma().auditLog.findMany({
      where: { organizationId: tenant.organizationId, action: "permission.allowed_input_always" },
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: tenant.userId,
      target: "deploy",
      metadata: { toolName: "deploy", inputKey: '{"env":"prod"}', scope: "person", conversationId: conversation.id, slotId: "slot-a" },
    });
    expect(await store.getPermission("deploy", '{"env":"prod"}', tenant.userId)).toMatchObject({
      status: "granted",
      granted_by: tenant.userId,
    });
    expect(await store.getPermission("deploy", '{"env":"prod"}')).toBeNull();
  });

  it("lists grants with whom they cover and who granted them; a revoke deletes one grant of this organization only, audited", async () => {
    const other = await createTenant("grants-other");
    const listed = await listPermissionGrants(tenant);
    expect(listed).toEqual([
      expect.objectContaining({
        toolName: "deploy",
        input: { env: "prod" },
        allInputs: false,
        scope: "person",
        coveredUser: expect.objectContaining({ id: tenant.userId }),
        grantedBy: expect.objectContaining({ id: tenant.userId }),
      }),
    ]);
    expect(await listPermissionGrants(other)).toEqual([]);
    expect(await revokePermissionGrant(other, listed[0].id)).toEqual({ kind: "not_found" });
    expect(await revokePermissionGrant(tenant, listed[0].id, "203.0.113.9")).toEqual({ kind: "revoked", id: listed[0].id });
    expect(await listPermissionGrants(tenant)).toEqual([]);
    expect(await revokePermissionGrant(tenant, listed[0].id)).toEqual({ kind: "not_found" });
    const revoked = await getTestPrisma().auditLog.findMany({
      where: { organizationId: tenant.organizationId, action: "permission.revoked" },
    });
    expect(revoked).toEqual([
      expect.objectContaining({
        actorId: tenant.userId,
        ip: "203.0.113.9",
        metadata: expect.objectContaining({ scope: "person", coveredUserId: tenant.userId }),
      }),
    ]);
  });
});
