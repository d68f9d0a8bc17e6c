import { recordAudit } from "./audit";
import { prisma } from "./client";
import { auditedInput, peopleById } from "./permissions";
import { ORGANIZATION_WIDE_USER_ID, TOOL_WIDE_INPUT_KEY } from "./store/records";
import { isAdmin, type TenantContext } from "./tenant-context";

type Person = { id: string; name: string | null; email: string };

export interface PermissionRequestView {
  id: string;
  toolName: string;
  /** The exact input asked for; null: every input of the tool. */
  input: unknown;
  allInputs: boolean;
  status: "pending" | "approved" | "declined";
  requestedBy: Person;
  decidedBy: Person | null;
  decidedAt: string | null;
  /** The card it was asked from. */
  conversationId: string;
  slotId: string;
  createdAt: string;
}

/** Requests shown: pending ones first, then the latest settled (a page's worth of history). */
const SETTLED_SHOWN = 50;

/** The organization's requests for admins; a member's own for a member. Pending first, newest first. */
export async function listPermissionRequests(ctx: TenantContext): Promise<PermissionRequestView[]> {
  const mine = isAdmin(ctx) ? {} : { requestedById: ctx.userId };
  const where = { organizationId: ctx.organizationId, ...mine };
  const order = [{ createdAt: "desc" as const }, { id: "desc" as const }];
  const [pending, settled] = await Promise.all([
    prisma.permissionRequest.findMany({ where: { ...where, status: "pending" }, orderBy: order }),
    prisma.permissionRequest.findMany({ where: { ...where, status: { not: "pending" } }, orderBy: order, take: SETTLED_SHOWN }),
  ]);
  const rows = [...pending, ...settled];
  const person = await peopleById(rows.flatMap((row) => [row.requestedById, row.decidedById]));
  return rows.map((row) => ({
    id: row.id,
    toolName: row.toolName,
    input: row.inputKey === TOOL_WIDE_INPUT_KEY ? null : (JSON.parse(row.inputKey) as unknown),
    allInputs: row.inputKey === TOOL_WIDE_INPUT_KEY,
    status: row.status as PermissionRequestView["status"],
    requestedBy: person(row.requestedById),
    decidedBy: row.decidedById ? person(row.decidedById) : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    conversationId: row.conversationId,
    slotId: row.slotId,
    createdAt: row.createdAt.toISOString(),
  }));
}

export type RequestDecision = "approve" | "decline";

export type DecideOutcome =
  | { kind: "decided"; id: string; status: "approved" | "declined" }
  | { kind: "not_found" }
  | { kind: "already_decided"; id: string; status: "approved" | "declined"; decidedById: string | null };

/**
 * Settles a pending request (owners and admins; the route checks the role). First decision wins:
 * the conditional update lets one transaction through, a concurrent one finds it settled. Approving
 * stores the organization-wide grant in the same transaction as the settlement and its audit entry.
 */
export async function decidePermissionRequest(
  ctx: TenantContext,
  requestId: string,
  decision: RequestDecision,
  ip?: string | null,
): Promise<DecideOutcome> {
  const status = decision === "approve" ? "approved" : "declined";
  return prisma.$transaction(async (tx) => {
    const where = { id: requestId, organizationId: ctx.organizationId };
    const [row] = await tx.permissionRequest.updateManyAndReturn({
      where: { ...where, status: "pending" },
      data: { status, decidedById: ctx.userId, decidedAt: new Date() },
    });
    if (!row) {
      const current = await tx.permissionRequest.findFirst({ where });
      if (!current) return { kind: "not_found" } as const;
      return {
        kind: "already_decided",
        id: current.id,
        status: current.status as "approved" | "declined",
        decidedById: current.decidedById,
      } as const;
    }
    if (status === "approved") {
      const key = { organizationId: ctx.organizationId, toolName: row.toolName, inputKey: row.inputKey, userId: ORGANIZATION_WIDE_USER_ID };
      const grant = { status: "granted", reason: null, grantedById: ctx.userId };
      await tx.toolPermission.upsert({
        where: { organizationId_toolName_inputKey_userId: key },
        create: { ...key, ...grant },
        update: grant,
      });
    }
    await recordAudit(
      {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        action: status === "approved" ? "permission.request_approved" : "permission.request_declined",
        target: row.toolName,
        metadata: {
          toolName: row.toolName,
          ...auditedInput(row.inputKey),
          scope: "organization",
          requestedById: row.requestedById,
          conversationId: row.conversationId,
          slotId: row.slotId,
        },
        ip,
      },
      tx,
    );
    return { kind: "decided", id: row.id, status } as const;
  });
}
