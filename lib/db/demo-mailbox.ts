import { randomUUID } from "node:crypto";
import { prisma } from "./client";
import type { TenantContext } from "./tenant-context";

/**
 * The send_email tool's simulated delivery: an email "sent" is a row in the team's demo mailbox. The
 * tool call id is the idempotency key, so a call that runs again after a crash sends nothing twice.
 */
export interface DemoEmailInput {
  conversationId: string;
  toolCallId: string;
  to: string;
  subject: string;
  body: string;
}

export interface DemoEmailRecord extends DemoEmailInput {
  id: string;
  createdAt: string;
}

/** Stores the email unless this tool call already stored one; returns the stored row either way. */
export async function recordDemoEmail(ctx: Pick<TenantContext, "organizationId">, email: DemoEmailInput): Promise<DemoEmailRecord> {
  // ON CONFLICT DO NOTHING: two executions of one call racing store one row (Prisma's upsert with an
  // empty update is a read then a write, which the loser fails with a unique violation).
  await prisma.demoEmail.createMany({ data: [{ organizationId: ctx.organizationId, ...email }], skipDuplicates: true });
  const row = await prisma.demoEmail.findUniqueOrThrow({
    where: { organizationId_toolCallId: { organizationId: ctx.organizationId, toolCallId: email.toolCallId } },
  });
  return toRecord(row);
}

export async function listDemoEmails(ctx: Pick<TenantContext, "organizationId">, conversationId: string): Promise<DemoEmailRecord[]> {
  const rows = await prisma.demoEmail.findMany({
    where: { organizationId: ctx.organizationId, conversationId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map(toRecord);
}

/**
 * Tells the owner of an address that someone tried to sign up with it: a notice in the demo mailbox of
 * their oldest team (there is no mail server), sent by no conversation. An owner
 * in no team gets none.
 */
export async function recordSignUpAttemptNotice(userId: string, to: string) {
  const membership = await prisma.membership.findFirst({
    where: { userId },
    orderBy: { createdAt: "asc" },
    select: { organizationId: true },
  });
  if (!membership) return;
  await prisma.demoEmail.create({
    data: {
      organizationId: membership.organizationId,
      toolCallId: `signup-attempt:${randomUUID()}`,
      to,
      subject: "Someone tried to create a Handoff account with your address",
      body: "Someone tried to sign up for Handoff with this email address, which already has an account. If it was you, sign in instead (or reset your password). If not, you can ignore this email: no account was created and nothing changed.",
    },
  });
}

function toRecord(row: {
  id: string;
  conversationId: string | null;
  toolCallId: string;
  to: string;
  subject: string;
  body: string;
  createdAt: Date;
}): DemoEmailRecord {
  // Listed per conversation, so never a notice without one.
  return {
    id: row.id,
    conversationId: row.conversationId ?? "",
    toolCallId: row.toolCallId,
    to: row.to,
    subject: row.subject,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  };
}
