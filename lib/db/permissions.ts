import type { PermissionDecisionRecord } from "@/lib/agent/store-adapter";
import { recordAudit, type AuditEntryInput } from "./audit";
import { prisma } from "./client";
import { ORGANIZATION_WIDE_USER_ID, TOOL_WIDE_INPUT_KEY } from "./store/records";
import type { TenantContext } from "./tenant-context";

const DECISION_ACTION: Record<PermissionDecisionRecord["decision"], string> = {
  allow_once: "permission.allowed_once",
  allow_input_always: "permission.allowed_input_always",
  allow_tool_always: "permission.allowed_tool_always",
  deny: "permission.denied",
};

/** The audit entry of a person's answer to a permission card (written with the card's settlement). */
export function permissionDecisionAudit(
  organizationId: string,
  conversationId: string,
  slotId: string,
  decision: PermissionDecisionRecord,
): AuditEntryInput {
  return {
    organizationId,
    actorId: decision.decided_by,
    action: DECISION_ACTION[decision.decision],
    target: decision.tool_name,
    metadata: {
      toolName: decision.tool_name,
      inputKey: decision.input_key,
      scope: decision.scope,
      conversationId,
      slotId,
      ...(decision.reason !== undefined && { reason: decision.reason }),
    },
  };
}

type Person = { id: string; name: string | null; email: string };

export interface PermissionGrantView {
  id: string;
  toolName: string;
  /** The exact input the grant covers (parsed from its canonical JSON); null: every input. */
  input: unknown;
  allInputs: boolean;
  /** "organization": everyone in it; "person": only `coveredUser`, in runs they start. */
  scope: "organization" | "person";
  coveredUser: Person | null;
  grantedBy: Person | null;
  createdAt: string;
}

const personOrDeleted = (byId: Map<string, Person>, id: string): Person => byId.get(id) ?? { id, name: "Deleted user", email: "" };

/** The stored grants of the organization, newest first, with the people they name. */
export async function listPermissionGrants(ctx: TenantContext): Promise<PermissionGrantView[]> {
  const rows = await prisma.toolPermission.findMany({
    where: { organizationId: ctx.organizationId, status: "granted" },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  const ids = [...new Set(rows.flatMap((row) => [row.userId, row.grantedById]).filter((id): id is string => Boolean(id)))];
  const people = await prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, email: true } });
  const byId = new Map(people.map((person) => [person.id, person]));
  return rows.map((row) => ({
    id: row.id,
    toolName: row.toolName,
    input: row.inputKey === TOOL_WIDE_INPUT_KEY ? null : (JSON.parse(row.inputKey) as unknown),
    allInputs: row.inputKey === TOOL_WIDE_INPUT_KEY,
    scope: row.userId === ORGANIZATION_WIDE_USER_ID ? "organization" : "person",
    coveredUser: row.userId === ORGANIZATION_WIDE_USER_ID ? null : personOrDeleted(byId, row.userId),
    grantedBy: row.grantedById ? personOrDeleted(byId, row.grantedById) : null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * Deletes one grant of the organization, audited in the same transaction: the next call the grant
 * covered asks again. Null when the organization has no such grant (the caller answers 404).
 */
export async function revokePermissionGrant(ctx: TenantContext, grantId: string, ip?: string | null): Promise<{ id: string } | null> {
  return prisma.$transaction(async (tx) => {
    const deleted = await tx.toolPermission.findFirst({ where: { id: grantId, organizationId: ctx.organizationId } });
    if (!deleted) return null;
    // deleteMany: a concurrent revoke that got there first leaves nothing to delete, not an error.
    const { count } = await tx.toolPermission.deleteMany({ where: { id: grantId, organizationId: ctx.organizationId } });
    if (count === 0) return null;
    await recordAudit(
      {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        action: "permission.revoked",
        target: deleted.toolName,
        metadata: {
          toolName: deleted.toolName,
          inputKey: deleted.inputKey === TOOL_WIDE_INPUT_KEY ? null : deleted.inputKey,
          scope: deleted.userId === ORGANIZATION_WIDE_USER_ID ? "organization" : "person",
          ...(deleted.userId !== ORGANIZATION_WIDE_USER_ID && { coveredUserId: deleted.userId }),
          grantedById: deleted.grantedById,
        },
        ip,
      },
      tx,
    );
    return { id: deleted.id };
  });
}
