import type { PermissionDecisionRecord } from "@/lib/agent/store-adapter";
import { recordAudit, type AuditEntryInput } from "./audit";
import { prisma } from "./client";
import type { Prisma } from "./generated/client";
import { ORGANIZATION_WIDE_USER_ID, TOOL_WIDE_INPUT_KEY } from "./store/records";
import { isAdmin, type TenantContext } from "./tenant-context";

const DECISION_ACTION: Record<PermissionDecisionRecord["decision"], string> = {
  allow_once: "permission.allowed_once",
  allow_input_always: "permission.allowed_input_always",
  allow_tool_always: "permission.allowed_tool_always",
  request_organization: "permission.requested",
  deny: "permission.denied",
  deny_always: "permission.denied_always",
};

/** The audit log keeps the canonical input, cut to this many characters (a tool input can be large). */
export const AUDITED_INPUT_LIMIT = 2048;

/** The canonical input as the audit log keeps it: at most 2 KB, marked when cut; null for a whole tool. */
export function auditedInput(inputKey: string | null) {
  if (inputKey === null || inputKey === TOOL_WIDE_INPUT_KEY) return { inputKey: null };
  if (inputKey.length <= AUDITED_INPUT_LIMIT) return { inputKey };
  return { inputKey: inputKey.slice(0, AUDITED_INPUT_LIMIT), inputTruncated: true };
}

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
      ...auditedInput(decision.input_key),
      scope: decision.scope,
      ...(decision.request && {
        requested: { scope: "organization", ...auditedInput(decision.request.input_key), allInputs: decision.request.input_key === null },
      }),
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
  /** "granted": runs without a card; "denied": refused without a card. */
  status: "granted" | "denied";
  reason: string | null;
  /** The exact input the record covers (parsed from its canonical JSON); null: every input. */
  input: unknown;
  allInputs: boolean;
  /** "organization": everyone in it; "person": only `coveredUser`, in runs they start. */
  scope: "organization" | "person";
  coveredUser: Person | null;
  grantedBy: Person | null;
  createdAt: string;
  /** Whether the viewer may revoke it: admins any, members their own. */
  revocable: boolean;
}

const personOrDeleted = (byId: Map<string, Person>, id: string): Person => byId.get(id) ?? { id, name: "Deleted user", email: "" };

/** The people these ids name (a deleted account reads as "Deleted user"). */
export async function peopleById(ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const people = await prisma.user.findMany({ where: { id: { in: wanted } }, select: { id: true, name: true, email: true } });
  const byId = new Map(people.map((person) => [person.id, person]));
  return (id: string) => personOrDeleted(byId, id);
}

/** Members see only the records that cover them alone; admins see everyone's and the organization's. */
const visibleTo = (ctx: TenantContext) => (isAdmin(ctx) ? {} : { userId: ctx.userId });

/** The stored grants and denials the viewer may see, newest first, with the people they name. */
export async function listPermissionGrants(ctx: TenantContext): Promise<PermissionGrantView[]> {
  const rows = await prisma.toolPermission.findMany({
    where: { organizationId: ctx.organizationId, ...visibleTo(ctx) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  const person = await peopleById(rows.flatMap((row) => [row.userId, row.grantedById]));
  return rows.map((row) => ({
    id: row.id,
    toolName: row.toolName,
    status: row.status === "denied" ? "denied" : "granted",
    reason: row.reason,
    input: row.inputKey === TOOL_WIDE_INPUT_KEY ? null : (JSON.parse(row.inputKey) as unknown),
    allInputs: row.inputKey === TOOL_WIDE_INPUT_KEY,
    scope: row.userId === ORGANIZATION_WIDE_USER_ID ? "organization" : "person",
    coveredUser: row.userId === ORGANIZATION_WIDE_USER_ID ? null : person(row.userId),
    grantedBy: row.grantedById ? person(row.grantedById) : null,
    createdAt: row.createdAt.toISOString(),
    revocable: isAdmin(ctx) || row.userId === ctx.userId,
  }));
}

export type RevokeOutcome = { kind: "revoked"; id: string } | { kind: "not_found" } | { kind: "forbidden" };

/**
 * Deletes one grant or denial of the organization, audited in the same transaction: the next call
 * it covered asks again. Admins revoke any; a member only one that covers that member alone.
 */
export async function revokePermissionGrant(ctx: TenantContext, grantId: string, ip?: string | null): Promise<RevokeOutcome> {
  return prisma.$transaction(async (tx) => {
    const deleted = await tx.toolPermission.findFirst({ where: { id: grantId, organizationId: ctx.organizationId } });
    if (!deleted) return { kind: "not_found" } as const;
    if (!isAdmin(ctx) && deleted.userId !== ctx.userId) return { kind: "forbidden" } as const;
    // deleteMany: a concurrent revoke that got there first leaves nothing to delete, not an error.
    const { count } = await tx.toolPermission.deleteMany({ where: { id: grantId, organizationId: ctx.organizationId } });
    if (count === 0) return { kind: "not_found" } as const;
    await recordAudit(
      {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        action: "permission.revoked",
        target: deleted.toolName,
        metadata: {
          toolName: deleted.toolName,
          status: deleted.status,
          ...auditedInput(deleted.inputKey),
          scope: deleted.userId === ORGANIZATION_WIDE_USER_ID ? "organization" : "person",
          ...(deleted.userId !== ORGANIZATION_WIDE_USER_ID && { coveredUserId: deleted.userId }),
          grantedById: deleted.grantedById,
        },
        ip,
      },
      tx,
    );
    return { kind: "revoked", id: deleted.id } as const;
  });
}

/**
 * Forgets the stored grants and denials of tools that are gone or now do something else (a deleted
 * connector's `<name>__*` tools, an HTTP tool whose request changed): an "always allow" given for one
 * tool must never cover another that takes its name. Runs in the caller's transaction.
 */
export async function forgetToolGrants(tx: Prisma.TransactionClient, organizationId: string, tools: { name: string } | { prefix: string }) {
  if ("name" in tools) {
    await tx.toolPermission.deleteMany({ where: { organizationId, toolName: tools.name } });
    return;
  }
  // Not LIKE (Prisma's startsWith): "_" is a wildcard there, and connector names are full of underscores.
  await tx.$executeRaw`DELETE FROM "ToolPermission"
    WHERE "organizationId" = ${organizationId} AND left("toolName", length(${tools.prefix})) = ${tools.prefix}`;
}
