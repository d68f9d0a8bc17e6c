// The seat limit of an invite's acceptance: read before the accept's transaction opens (a read through
// the pool from inside it would wait for a second connection, and with the pool exhausted fail), and
// still enforced under the organization's lock inside it.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { acceptInvite, createInvite } from "@/lib/db/invites";
import { listMembers } from "@/lib/db/members";
import { resolveTenantContext } from "@/lib/db/organizations";
import { PlanLimitError } from "@/lib/db/plan-limit";
import { createUserWithOrganization } from "@/lib/db/users";

const person = (label: string) =>
  createUserWithOrganization({ email: `${label}-${randomUUID().slice(0, 8)}@example.com`, name: label, passwordHash: null });

describe("accepting an invite under the plan's seat limit", () => {
  it("reads the limit before its transaction: nothing of the accept is locked yet", async () => {
    const owner = await person("seat-owner");
    const invitee = await person("seat-invitee");
    const ctx = (await resolveTenantContext(owner.user.id, owner.organization.slug))!;
    const { token } = await createInvite(ctx, invitee.user.email, "member");
    const accepted = await acceptInvite(token, invitee.user, null, async (organizationId) => {
      // Inside the accept's transaction the claimed invite would be locked, and this would fail at once.
      await prisma.$queryRaw`SELECT 1 FROM "Invite" WHERE "organizationId" = ${organizationId} FOR UPDATE NOWAIT`;
      return { limit: 3, plan: "free" };
    });
    expect(accepted.role).toBe("member");
    expect(await listMembers(ctx)).toHaveLength(2);
  });

  it("at the limit the membership is not made", async () => {
    const owner = await person("seat-full");
    const invitee = await person("seat-refused");
    const ctx = (await resolveTenantContext(owner.user.id, owner.organization.slug))!;
    const { token } = await createInvite(ctx, invitee.user.email, "member");
    await expect(acceptInvite(token, invitee.user, null, async () => ({ limit: 1, plan: "free" }))).rejects.toBeInstanceOf(PlanLimitError);
    expect(await listMembers(ctx)).toHaveLength(1);
  });
});
