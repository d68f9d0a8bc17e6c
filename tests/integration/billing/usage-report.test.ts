// The usage report over real Postgres: a month's entries summed per day, member, conversation and
// model, the month's bounds to the millisecond, another organization's entries never counted, the
// totals and warnings from UsageMonth with billing on, and the CSV export.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TenantContext } from "@/lib/db/tenant-context";
import { usageCsv } from "@/lib/server/billing/usage-export";
import { usageMonthOf, usageReport } from "@/lib/server/billing/usage-report";
import { billingOnEnv } from "@/tests/support/billing-env";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { createTenant } from "../store/support";

const NOW = new Date("2026-12-02T12:00:00.000Z");
const DECEMBER = new Date("2026-12-01T00:00:00.000Z");
const NOVEMBER = new Date("2026-11-01T00:00:00.000Z");

let tenant: TenantContext;
let other: TenantContext;
let member: { id: string };
let formerMember: { id: string };
let budget: { id: string };
let formula: { id: string };

type Entry = {
  kind: "tokens" | "message" | "api_request";
  at: string;
  userId?: string | null;
  conversationId?: string | null;
  model?: string;
  tokensIn?: number;
  tokensOut?: number;
  cacheReadTokens?: number;
  cacheWriteTokens?: number;
};

async function seed(organizationId: string, entries: Entry[]) {
  await getTestPrisma().usageEntry.createMany({
    data: entries.map(({ at, ...entry }) => ({ organizationId, ...entry, createdAt: new Date(at) })),
  });
}

beforeAll(async () => {
  const prisma = getTestPrisma();
  tenant = await createTenant("usage");
  other = await createTenant("elsewhere");
  member = await prisma.user.create({ data: { email: `lee-${tenant.orgSlug}@example.test`, name: "Lee, Sam" } });
  await prisma.membership.create({ data: { organizationId: tenant.organizationId, userId: member.id, role: "member" } });
  // Someone who used the agent and has left since: no membership, still their usage.
  formerMember = await prisma.user.create({ data: { email: `gone-${tenant.orgSlug}@example.test`, name: "Former member" } });
  budget = await prisma.conversation.create({ data: { organizationId: tenant.organizationId, title: "Budget" } });
  formula = await prisma.conversation.create({ data: { organizationId: tenant.organizationId, title: '=HYPERLINK("http://x")' } });
  await prisma.webhookEndpoint.create({
    data: { organizationId: tenant.organizationId, url: "https://example.test/hook", secretSealed: "sealed" },
  });

  await seed(tenant.organizationId, [
    // The last millisecond of November and the first of January: outside December.
    { kind: "tokens", at: "2026-11-30T23:59:59.999Z", userId: tenant.userId, conversationId: budget.id, model: "claude-a", tokensIn: 1000 },
    { kind: "message", at: "2026-11-30T23:59:59.999Z", userId: tenant.userId, conversationId: budget.id },
    { kind: "tokens", at: "2027-01-01T00:00:00.000Z", userId: tenant.userId, conversationId: budget.id, model: "claude-a", tokensIn: 7000 },
    // December 1st, its first millisecond: the owner in Budget with model a.
    { kind: "message", at: "2026-12-01T00:00:00.000Z", userId: tenant.userId, conversationId: budget.id },
    {
      kind: "tokens",
      at: "2026-12-01T00:00:00.500Z",
      userId: tenant.userId,
      conversationId: budget.id,
      model: "claude-a",
      tokensIn: 100,
      tokensOut: 50,
      cacheReadTokens: 10,
      cacheWriteTokens: 5,
    },
    { kind: "api_request", at: "2026-12-01T09:00:00.000Z", userId: tenant.userId },
    // December 2nd: the member in the formula-titled conversation with model b, and runs nobody typed.
    { kind: "message", at: "2026-12-02T08:00:00.000Z", userId: member.id, conversationId: formula.id },
    {
      kind: "tokens",
      at: "2026-12-02T08:00:01.000Z",
      userId: member.id,
      conversationId: formula.id,
      model: "gpt-b",
      tokensIn: 200,
      tokensOut: 100,
    },
    {
      kind: "tokens",
      at: "2026-12-02T09:00:00.000Z",
      userId: null,
      conversationId: budget.id,
      model: "claude-a",
      tokensIn: 20,
      tokensOut: 10,
    },
    {
      kind: "tokens",
      at: "2026-12-02T10:00:00.000Z",
      userId: formerMember.id,
      conversationId: "purged-conversation",
      model: "gpt-b",
      tokensIn: 1,
      tokensOut: 1,
    },
  ]);
  // Another organization, the same day and a conversation of the victim's id: never in the report.
  await seed(other.organizationId, [
    { kind: "message", at: "2026-12-01T10:00:00.000Z", userId: other.userId, conversationId: budget.id },
    {
      kind: "tokens",
      at: "2026-12-01T10:00:00.000Z",
      userId: other.userId,
      conversationId: budget.id,
      model: "claude-a",
      tokensIn: 99_999,
    },
  ]);
});

const tokens = (tokens: number, tokensIn: number, tokensOut: number, cacheRead = 0, cacheWrite = 0) => ({
  tokens,
  tokens_in: tokensIn,
  tokens_out: tokensOut,
  cache_read_tokens: cacheRead,
  cache_write_tokens: cacheWrite,
});

describe("the usage report", () => {
  it("sums December's entries per day, member, conversation and model, and nothing of November, January or another team", async () => {
    const report = await usageReport(tenant, DECEMBER, NOW);
    expect(report.month).toBe("2026-12");
    expect(report.period).toEqual({ start: "2026-12-01T00:00:00.000Z", end: "2027-01-01T00:00:00.000Z" });
    // Billing is off in the test environment: no plan, no limit, no warning.
    expect(report.plan).toBeNull();
    expect(Object.values(report.limits)).toEqual([null, null, null, null, null, null]);
    expect(report.warnings).toEqual([]);
    expect(report.totals).toEqual({
      messages: 2,
      api_requests: 1,
      seats: 2,
      webhook_endpoints: 1,
      forms: 0,
      ...tokens(497, 321, 161, 10, 5),
    });
    // Up to today, zeros included.
    expect(report.by_day).toEqual([
      { day: "2026-12-01", messages: 1, ...tokens(165, 100, 50, 10, 5) },
      { day: "2026-12-02", messages: 1, ...tokens(332, 221, 111) },
    ]);
    expect(report.by_member).toEqual([
      { user_id: member.id, name: "Lee, Sam", email: `lee-${tenant.orgSlug}@example.test`, messages: 1, ...tokens(300, 200, 100) },
      {
        user_id: tenant.userId,
        name: "usage owner",
        email: expect.stringContaining("@example.test"),
        messages: 1,
        ...tokens(165, 100, 50, 10, 5),
      },
      { user_id: null, name: null, email: null, messages: 0, ...tokens(30, 20, 10) },
      { user_id: formerMember.id, name: "Former member", email: `gone-${tenant.orgSlug}@example.test`, messages: 0, ...tokens(2, 1, 1) },
    ]);
    expect(report.by_conversation).toEqual([
      { conversation_id: formula.id, title: '=HYPERLINK("http://x")', messages: 1, ...tokens(300, 200, 100) },
      { conversation_id: budget.id, title: "Budget", messages: 1, ...tokens(195, 120, 60, 10, 5) },
      { conversation_id: "purged-conversation", title: null, messages: 0, ...tokens(2, 1, 1) },
    ]);
    expect(report.by_model).toEqual([
      { model: "gpt-b", ...tokens(302, 201, 101) },
      { model: "claude-a", ...tokens(195, 120, 60, 10, 5) },
    ]);
  });

  it("lists every day of a past month, and counts its last millisecond", async () => {
    const report = await usageReport(tenant, NOVEMBER, NOW);
    expect(report.by_day).toHaveLength(30);
    expect(report.by_day[0]).toEqual({ day: "2026-11-01", messages: 0, ...tokens(0, 0, 0) });
    expect(report.by_day[29]).toEqual({ day: "2026-11-30", messages: 1, ...tokens(1000, 1000, 0) });
    expect(report.totals).toMatchObject({ messages: 1, tokens: 1000 });
  });

  it("shows a conversation deleted since as deleted", async () => {
    const prisma = getTestPrisma();
    await prisma.conversation.updateMany({ where: { id: budget.id }, data: { deletedAt: NOW } });
    try {
      const report = await usageReport(tenant, DECEMBER, NOW);
      expect(report.by_conversation.find((row) => row.conversation_id === budget.id)?.title).toBeNull();
    } finally {
      await prisma.conversation.updateMany({ where: { id: budget.id }, data: { deletedAt: null } });
    }
  });

  it("another organization sees only its own", async () => {
    const report = await usageReport(other, DECEMBER, NOW);
    expect(report.totals).toMatchObject({ messages: 1, tokens: 99_999, api_requests: 0, seats: 1, webhook_endpoints: 0 });
    expect(report.by_conversation).toEqual([{ conversation_id: budget.id, title: null, messages: 1, ...tokens(99_999, 99_999, 0) }]);
  });
});

describe("with billing on", () => {
  const saved = { ...process.env };
  afterEach(async () => {
    process.env = { ...saved };
    await getTestPrisma().usageMonth.deleteMany({ where: { organizationId: tenant.organizationId } });
  });

  it("takes messages and API requests from UsageMonth, tokens from the entries (the total is its parts), and warns at Free's limits", async () => {
    Object.assign(process.env, billingOnEnv());
    // A counter that disagrees with the entries (metering never writes one): the page's token total still adds up.
    await getTestPrisma().usageMonth.create({
      data: { organizationId: tenant.organizationId, month: DECEMBER, messages: 300, apiRequests: 800, tokens: 1_000_000n },
    });
    const report = await usageReport(tenant, DECEMBER, NOW);
    expect(report.plan).toBe("free");
    expect(report.limits).toEqual({ messages: 300, tokens: 1_000_000, seats: 3, apiRequests: 1_000, webhookEndpoints: 1, forms: 3 });
    const { totals } = report;
    expect(totals).toMatchObject({ messages: 300, api_requests: 800, tokens_in: 321 });
    expect(totals.tokens).toBe(totals.tokens_in + totals.tokens_out + totals.cache_read_tokens + totals.cache_write_tokens);
    expect(totals.tokens).toBe(report.by_day.reduce((sum, day) => sum + day.tokens, 0));
    expect(report.warnings).toEqual([
      { metric: "messages", percent: 100 },
      { metric: "apiRequests", percent: 80 },
    ]);
  });

  it("offers the months the server's clock allows: this month first, then the 24 before", async () => {
    const report = await usageReport(tenant, NOVEMBER, NOW);
    expect(report.months).toHaveLength(25);
    expect([report.months[0], report.months[1], report.months.at(-1)]).toEqual(["2026-12", "2026-11", "2024-12"]);
  });
});

describe("the month asked for", () => {
  it("defaults to this month and takes the 24 months before it", () => {
    expect(usageMonthOf(null, NOW)).toEqual(DECEMBER);
    expect(usageMonthOf("2024-12", NOW)).toEqual(new Date("2024-12-01T00:00:00.000Z"));
  });

  it.each(["2024-11", "2027-01", "2026-13", "2026-1", "december", ""])("refuses %j with 400 and the range to use", (month) => {
    expect(() => usageMonthOf(month, NOW)).toThrow(expect.objectContaining({ status: 400, code: "invalid_month" }));
    expect(() => usageMonthOf(month, NOW)).toThrow("from 2024-12 to 2026-12");
  });
});

describe("the CSV export", () => {
  it("has a header, one row per day × member × conversation × model, and cells that cannot run as formulas", async () => {
    const csv = await usageCsv(tenant, DECEMBER, NOW);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).split("\r\n");
    expect(lines.at(-1)).toBe("");
    expect(lines[0]).toBe(
      "Day,Member,Email,Conversation ID,Conversation,Model,Messages,API requests,Tokens,Input tokens,Output tokens,Cache read tokens,Cache write tokens",
    );
    const ownerEmail = lines.find((line) => line.includes("usage owner"))!.split(",")[2];
    expect(lines.slice(1, -1)).toEqual([
      `2026-12-01,usage owner,${ownerEmail},${budget.id},Budget,claude-a,0,0,165,100,50,10,5`,
      `2026-12-01,usage owner,${ownerEmail},${budget.id},Budget,,1,0,0,0,0,0,0`,
      `2026-12-01,usage owner,${ownerEmail},,,,0,1,0,0,0,0,0`,
      `2026-12-02,Former member,gone-${tenant.orgSlug}@example.test,purged-conversation,Deleted conversation,gpt-b,0,0,2,1,1,0,0`,
      `2026-12-02,"Lee, Sam",lee-${tenant.orgSlug}@example.test,${formula.id},"'=HYPERLINK(""http://x"")",gpt-b,0,0,300,200,100,0,0`,
      `2026-12-02,"Lee, Sam",lee-${tenant.orgSlug}@example.test,${formula.id},"'=HYPERLINK(""http://x"")",,1,0,0,0,0,0,0`,
      `2026-12-02,No one (inbox or system),,${budget.id},Budget,claude-a,0,0,30,20,10,0,0`,
    ]);
  });
});
