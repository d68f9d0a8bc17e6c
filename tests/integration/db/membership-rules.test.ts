import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { createUserWithOrganization } from "@/lib/db/users";
import { changeMemberRole, listMembers, removeMember, MembershipRuleError } from "@/lib/db/members";
import { acceptInvite, createInvite, InviteError } from "@/lib/db/invites";
import { resolveTenantContext } from "@/lib/db/organizations";
import type { TenantContext } from "@/lib/db/tenant-context";

async function person(label: string) {
  return createUserWithOrganization({ email: `${label}-${randomUUID().slice(0, 8)}@example.com`, name: label, passwordHash: null });
}

async function join(owner: TenantContext, user: { id: string; email: string }, role: "owner" | "admin" | "member") {
  const { token } = await createInvite(owner, user.email, role);
  await acceptInvite(token, user);
  return (await resolveTenantContext(user.id, owner.orgSlug))!;
}

describe("membership rules under concurrency (real Postgres)", () => {
  it("two owners demoting each other at once: exactly one succeeds, one owner remains", async () => {
    const a = await person("a");
    const b = await person("b");
    const ctxA = (await resolveTenantContext(a.user.id, a.organization.slug))!;
    const ctxB = await join(ctxA, b.user, "owner");

    const results = await Promise.allSettled([changeMemberRole(ctxA, b.user.id, "member"), changeMemberRole(ctxB, a.user.id, "member")]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const failure = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(failure.reason).toBeInstanceOf(MembershipRuleError);
    expect((failure.reason as MembershipRuleError).reason).toBe("last_owner");
    const owners = (await listMembers(ctxA)).filter((m) => m.role === "owner");
    expect(owners).toHaveLength(1);
  });

  it("two owners leaving at once: exactly one leaves", async () => {
    const a = await person("a");
    const b = await person("b");
    const ctxA = (await resolveTenantContext(a.user.id, a.organization.slug))!;
    const ctxB = await join(ctxA, b.user, "owner");
    const results = await Promise.allSettled([removeMember(ctxA, a.user.id), removeMember(ctxB, b.user.id)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((await listMembers(ctxA)).filter((m) => m.role === "owner")).toHaveLength(1);
  });

  it("an invite link accepted twice at once adds one membership", async () => {
    const a = await person("a");
    const b = await person("b");
    const ctxA = (await resolveTenantContext(a.user.id, a.organization.slug))!;
    const { token } = await createInvite(ctxA, b.user.email, "member");
    const results = await Promise.allSettled([acceptInvite(token, b.user), acceptInvite(token, b.user)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason).toBeInstanceOf(InviteError);
    expect(await listMembers(ctxA)).toHaveLength(2);
  });

  it("a second invite to the same address replaces the first link", async () => {
    const a = await person("a");
    const b = await person("b");
    const ctxA = (await resolveTenantContext(a.user.id, a.organization.slug))!;
    const first = await createInvite(ctxA, b.user.email, "member");
    await createInvite(ctxA, b.user.email, "admin");
    await expect(acceptInvite(first.token, b.user)).rejects.toMatchObject({ reason: "invalid" });
  });

  it("sign-ups racing for the same team name all succeed, each owning its own organization", async () => {
    const team = `Racing Team ${randomUUID().slice(0, 6)}`;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        createUserWithOrganization({
          email: `race-${i}-${randomUUID().slice(0, 8)}@example.com`,
          name: `Racer ${i}`,
          passwordHash: null,
          organizationName: team,
        }),
      ),
    );
    const slugs = results.map((result) => result.organization.slug);
    expect(new Set(slugs).size).toBe(6);
    for (const result of results) expect((await resolveTenantContext(result.user.id, result.organization.slug))?.role).toBe("owner");
  });
});
