import type { WebhookDataV1 } from "@/lib/schemas/webhook-payloads/v1";
import { prisma } from "./client";
import { outboxEventRow } from "./outbox";

/** What a usage warning is about, as `UsageWarning.metric` and the `usage.threshold` event name it. */
export type UsageMetric = WebhookDataV1<"usage.threshold">["metric"];
export type UsagePercent = WebhookDataV1<"usage.threshold">["percent"];

/** A month's totals (UsageMonth; zero without a row) and the warnings already told for it. */
export interface MonthUsage {
  messages: number;
  tokens: number;
  apiRequests: number;
  /** `metric:percent:limit` of every warning recorded for the month. */
  warned: Set<string>;
}

export const warningKey = (metric: UsageMetric, percent: number, limit: number) => `${metric}:${percent}:${limit}`;

/** `YYYY-MM-DD` of a month's first day: a `date` parameter that no session time zone can shift. */
const dateOf = (month: Date) => month.toISOString().slice(0, 10);

/** The organization's totals for `month` (its first day, UTC) and its warnings, in one read. */
export async function readMonthUsage(organizationId: string, month: Date): Promise<MonthUsage> {
  const [row] = await prisma.$queryRaw<Array<{ messages: number; apiRequests: number; tokens: string; warned: string[] }>>`
    SELECT COALESCE(m."messages", 0)::int AS "messages", COALESCE(m."apiRequests", 0)::int AS "apiRequests",
           COALESCE(m."tokens", 0)::text AS "tokens",
           ARRAY(SELECT w."metric" || ':' || w."percent" || ':' || w."limit" FROM "UsageWarning" w
                 WHERE w."organizationId" = ${organizationId} AND w."month" = ${dateOf(month)}::date) AS "warned"
    FROM (SELECT 1) AS one
    LEFT JOIN "UsageMonth" m ON m."organizationId" = ${organizationId} AND m."month" = ${dateOf(month)}::date`;
  return { messages: row.messages, apiRequests: row.apiRequests, tokens: Number(row.tokens), warned: new Set(row.warned) };
}

/** Who a usage warning goes to: the organization's owners, and where its usage page is. Null: no such organization. */
export async function readUsageRecipients(
  organizationId: string,
): Promise<{ slug: string; name: string; owners: Array<{ id: string; email: string; name: string }> } | null> {
  const organization = await prisma.organization.findUnique({
    where: { id: organizationId },
    select: {
      slug: true,
      name: true,
      memberships: {
        where: { organizationId, role: "owner" },
        orderBy: { createdAt: "asc" },
        select: { user: { select: { id: true, email: true, name: true } } },
      },
    },
  });
  return organization && { slug: organization.slug, name: organization.name, owners: organization.memberships.map((m) => m.user) };
}

/** One warning to record: its emails (one per owner, keyed so each goes once) and its webhook event. */
export interface UsageWarningNotice {
  metric: UsageMetric;
  percent: UsagePercent;
  /** The limit the percent is of: part of the warning's key. */
  limit: number;
  emails: Array<{ key: string; to: string; subject: string; body: string }>;
  event: WebhookDataV1<"usage.threshold">;
}

/**
 * Records each warning not yet recorded for the month and, for each it recorded, its emails in the
 * demo mailbox (no conversation) and its `usage.threshold` outbox event, all in one transaction.
 * The warning's key (organization, month, metric, percent, limit) makes it once: a concurrent check waits
 * on the first one's row and then records nothing. Returns the notices it recorded.
 */
export async function recordUsageWarnings(
  organizationId: string,
  month: Date,
  notices: UsageWarningNotice[],
  at: Date = new Date(),
): Promise<UsageWarningNotice[]> {
  if (notices.length === 0) return [];
  return prisma.$transaction(async (tx) => {
    const recorded: UsageWarningNotice[] = [];
    for (const notice of notices) {
      const { count } = await tx.usageWarning.createMany({
        data: [{ organizationId, month, metric: notice.metric, percent: notice.percent, limit: BigInt(notice.limit), createdAt: at }],
        skipDuplicates: true,
      });
      if (count === 0) continue;
      await tx.demoEmail.createMany({
        data: notice.emails.map((email) => ({
          organizationId,
          conversationId: null,
          toolCallId: email.key,
          to: email.to,
          subject: email.subject,
          body: email.body,
          createdAt: at,
        })),
        skipDuplicates: true,
      });
      await tx.outboxEvent.create({ data: outboxEventRow("usage.threshold", organizationId, notice.event, at) });
      recorded.push(notice);
    }
    return recorded;
  });
}
