// checkUsageThresholds (lib/server/billing/thresholds.ts, lib/db/usage-warnings.ts): at 80% and at 100%
// of a limit, once per month, metric and threshold, an email to every owner and a usage.threshold event.
import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { countApiRequestUnderPlan } from "@/lib/server/billing/api-requests";
import { checkUsageThresholds } from "@/lib/server/billing/thresholds";
import { eventually } from "@/tests/support/eventually";
import { billingOnEnv } from "@/tests/support/billing-env";
import { getTestPrisma } from "@/tests/integration/support/databases";

const prisma = getTestPrisma();
const now = new Date("2031-04-20T10:00:00.000Z");
const april = new Date("2031-04-01");

beforeEach(() => {
  for (const [name, value] of Object.entries(billingOnEnv())) vi.stubEnv(name, value);
  vi.stubEnv("APP_URL", "https://handoff.example.com");
});

afterEach(() => {
  vi.unstubAllEnvs();
});

/** An organization with two owners and a member. */
async function team(label: string) {
  const suffix = randomBytes(4).toString("hex");
  const user = (name: string) => prisma.user.create({ data: { email: `${name}-${suffix}@example.test`, name } });
  const [ada, grace, linus] = await Promise.all([user("Ada"), user("Grace"), user("Linus")]);
  const organization = await prisma.organization.create({
    data: {
      slug: `${label}-${suffix}`,
      name: `Team ${label}`,
      memberships: {
        create: [
          { userId: ada.id, role: "owner" },
          { userId: grace.id, role: "owner" },
          { userId: linus.id, role: "member" },
        ],
      },
    },
  });
  return { organization, owners: [ada, grace], member: linus };
}

const setUsage = (organizationId: string, usage: { messages?: number; tokens?: bigint; apiRequests?: number }) =>
  prisma.usageMonth.upsert({
    where: { organizationId_month: { organizationId, month: april } },
    create: { organizationId, month: april, ...usage },
    update: usage,
  });

const emailsOf = (organizationId: string) =>
  prisma.demoEmail.findMany({ where: { organizationId }, orderBy: [{ createdAt: "asc" }, { to: "asc" }] });
const eventsOf = async (organizationId: string) =>
  (await prisma.outboxEvent.findMany({ where: { organizationId, type: "usage.threshold" }, orderBy: { createdAt: "asc" } })).map(
    (event) => (event.payload as { data: unknown }).data,
  );

describe("usage thresholds", () => {
  it("crossing 80% writes one email per owner and one event; again, nothing more; 100% separately", async () => {
    const { organization, owners, member } = await team("messages");
    await setUsage(organization.id, { messages: 239 });
    expect(await checkUsageThresholds(organization.id, now)).toEqual([]);

    await setUsage(organization.id, { messages: 240 });
    expect(await checkUsageThresholds(organization.id, now)).toEqual([{ metric: "messages", percent: 80, used: 240, limit: 300 }]);
    const emails = await emailsOf(organization.id);
    expect(emails.map((email) => email.to).sort()).toEqual(owners.map((owner) => owner.email).sort());
    expect(emails.map((email) => email.to)).not.toContain(member.email);
    expect(emails.every((email) => email.conversationId === null)).toBe(true);
    const ada = emails.find((email) => email.to === owners[0].email)!;
    expect(ada.toolCallId).toBe(`usage:2031-04:messages:80:300:${owners[0].id}`);
    expect(ada.subject).toBe("Team messages has used 80% of this month's messages");
    expect(ada.body).toContain("Hello Ada,");
    expect(ada.body).toContain("has used 240 of the 300 messages its Free plan includes for April 2031 (80%)");
    expect(ada.body).toContain("Once the limit is reached, new messages are refused until May 1");
    expect(ada.body).toContain(`https://handoff.example.com/${organization.slug}/settings/usage`);
    expect(await eventsOf(organization.id)).toEqual([
      { metric: "messages", percent: 80, used: 240, limit: 300, month: "2031-04", plan: "free" },
    ]);

    await setUsage(organization.id, { messages: 299 });
    expect(await checkUsageThresholds(organization.id, now)).toEqual([]);
    expect(await emailsOf(organization.id)).toHaveLength(2);
    expect(await eventsOf(organization.id)).toHaveLength(1);

    await setUsage(organization.id, { messages: 300 });
    expect(await checkUsageThresholds(organization.id, now)).toEqual([{ metric: "messages", percent: 100, used: 300, limit: 300 }]);
    const all = await emailsOf(organization.id);
    expect(all).toHaveLength(4);
    expect(all.filter((email) => email.subject === "Team messages has used all of this month's messages")).toHaveLength(2);
    expect((await eventsOf(organization.id)).map((event) => (event as { percent: number }).percent)).toEqual([80, 100]);
    expect(await checkUsageThresholds(organization.id, now)).toEqual([]);
    expect(await prisma.usageWarning.count({ where: { organizationId: organization.id } })).toBe(2);
  });

  it("each metric on its own, tokens against the plan's included allowance", async () => {
    const { organization } = await team("pro");
    await prisma.organizationBilling.create({ data: { organizationId: organization.id, plan: "pro", subscriptionStatus: "active" } });
    await setUsage(organization.id, { tokens: 20_000_000n, apiRequests: 160_000, messages: 10 });
    const recorded = await checkUsageThresholds(organization.id, now);
    expect(recorded).toEqual([
      { metric: "tokens", percent: 80, used: 20_000_000, limit: 20_000_000 },
      { metric: "tokens", percent: 100, used: 20_000_000, limit: 20_000_000 },
      { metric: "api_requests", percent: 80, used: 160_000, limit: 200_000 },
    ]);
    expect((await eventsOf(organization.id)).map((event) => event)).toContainEqual({
      metric: "tokens",
      percent: 100,
      used: 20_000_000,
      limit: 20_000_000,
      month: "2031-04",
      plan: "pro",
    });
    const tokens = (await emailsOf(organization.id)).find(
      (email) => email.subject === "Team pro has used all of this month's model tokens",
    );
    expect(tokens?.body).toContain("Tokens above the 20,000,000 included are billed per token");
  });

  it("an upgrade mid-month: Free's 80% told, then Pro's 80% and 100% of its own limits are told too", async () => {
    const { organization } = await team("upgrade");
    await setUsage(organization.id, { tokens: 900_000n });
    expect(await checkUsageThresholds(organization.id, now)).toEqual([{ metric: "tokens", percent: 80, used: 900_000, limit: 1_000_000 }]);
    await prisma.organizationBilling.create({ data: { organizationId: organization.id, plan: "pro", subscriptionStatus: "active" } });
    await setUsage(organization.id, { tokens: 16_000_000n });
    expect(await checkUsageThresholds(organization.id, now)).toEqual([
      { metric: "tokens", percent: 80, used: 16_000_000, limit: 20_000_000 },
    ]);
    await setUsage(organization.id, { tokens: 20_000_000n });
    expect(await checkUsageThresholds(organization.id, now)).toEqual([
      { metric: "tokens", percent: 100, used: 20_000_000, limit: 20_000_000 },
    ]);
    const subjects = (await emailsOf(organization.id)).map((email) => email.subject);
    expect(subjects.filter((subject) => subject === "Team upgrade has used all of this month's model tokens")).toHaveLength(2);
    expect((await eventsOf(organization.id)).map((event) => (event as { plan: string }).plan)).toEqual(["free", "pro", "pro"]);
  });

  it("Pro's token hard cap: 80% and 100% of it are told, and the email says answers stop at the cap", async () => {
    const { organization } = await team("cap");
    await prisma.organizationBilling.create({ data: { organizationId: organization.id, plan: "pro", subscriptionStatus: "active" } });
    await setUsage(organization.id, { tokens: 20_000_000n });
    await checkUsageThresholds(organization.id, now);
    await setUsage(organization.id, { tokens: 200_000_000n });
    expect(await checkUsageThresholds(organization.id, now)).toEqual([
      { metric: "tokens", percent: 80, used: 200_000_000, limit: 200_000_000 },
      { metric: "tokens", percent: 100, used: 200_000_000, limit: 200_000_000 },
    ]);
    const capped = (await emailsOf(organization.id)).find(
      (email) => email.subject === "Team cap has used 100% of this month's model tokens cap: the agent stops answering",
    );
    expect(capped?.body).toContain("the agent stops answering");
    expect(capped?.body).toContain("200,000,000");
  });

  it("an API request that brings the month to 80% starts the check: API traffic runs no agent", async () => {
    const { organization } = await team("api");
    await setUsage(organization.id, { apiRequests: 798 });
    await countApiRequestUnderPlan(organization.id, "key-1", now);
    await countApiRequestUnderPlan(organization.id, "key-1", now);
    const events = await eventually(async () => {
      const found = await eventsOf(organization.id);
      return found.length > 0 && found;
    });
    expect(events).toEqual([{ metric: "api_requests", percent: 80, used: 800, limit: 1_000, month: "2031-04", plan: "free" }]);
  });

  it("a new month starts over", async () => {
    const { organization } = await team("months");
    await setUsage(organization.id, { messages: 250 });
    expect(await checkUsageThresholds(organization.id, now)).toHaveLength(1);
    await prisma.usageMonth.create({ data: { organizationId: organization.id, month: new Date("2031-05-01"), messages: 250 } });
    expect(await checkUsageThresholds(organization.id, new Date("2031-05-02T00:00:00.000Z"))).toEqual([
      { metric: "messages", percent: 80, used: 250, limit: 300 },
    ]);
  });

  it("two checks at once record each warning once", async () => {
    const { organization } = await team("race");
    await setUsage(organization.id, { messages: 300 });
    const results = await Promise.all(Array.from({ length: 4 }, () => checkUsageThresholds(organization.id, now)));
    expect(
      results
        .flat()
        .map((reached) => reached.percent)
        .sort(),
    ).toEqual([100, 80]);
    expect(await emailsOf(organization.id)).toHaveLength(4);
    expect(await eventsOf(organization.id)).toHaveLength(2);
  });

  it("billing off: nothing, whatever the usage", async () => {
    const { organization } = await team("off");
    vi.stubEnv("BILLING", "off");
    await setUsage(organization.id, { messages: 100_000, tokens: 10n ** 12n, apiRequests: 10_000_000 });
    expect(await checkUsageThresholds(organization.id, now)).toEqual([]);
    expect(await emailsOf(organization.id)).toEqual([]);
    expect(await eventsOf(organization.id)).toEqual([]);
    expect(await prisma.usageWarning.count({ where: { organizationId: organization.id } })).toBe(0);
  });
});
