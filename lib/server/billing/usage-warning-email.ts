import type { UsageMetric, UsagePercent } from "@/lib/db/usage-warnings";
import { PLANS, type PlanKey } from "./plans";

export interface UsageWarningFacts {
  organizationName: string;
  ownerName: string;
  metric: UsageMetric;
  percent: UsagePercent;
  used: number;
  limit: number;
  plan: PlanKey;
  /** The month's first instant (UTC). */
  month: Date;
  /** The usage page: absolute when APP_URL is set, else its path. */
  usageUrl: string;
}

const NOUNS: Record<UsageMetric, string> = { messages: "messages", tokens: "model tokens", api_requests: "API requests" };

const number = (value: number) => value.toLocaleString("en-US");
const monthName = (month: Date) => month.toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
const nextMonthName = (month: Date) =>
  new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1)).toLocaleString("en-US", {
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });

/** What happens at the limit, in the words of the person who pays: "…" after "Once the limit is reached, ". */
function atTheLimit(facts: UsageWarningFacts): string {
  const plan = PLANS[facts.plan];
  if (isHardCap(facts))
    return `this is the hard cap: the agent stops answering (new runs are refused, an answer already being written is finished) until ${nextMonthName(facts.month)}. Tokens up to the cap are billed with the next invoice.`;
  if (facts.metric === "tokens" && plan.overage)
    return `tokens above the ${number(facts.limit)} included are billed per token with the next invoice, up to ${number(plan.tokensHardCap)} tokens this month.`;
  const refused =
    facts.metric === "api_requests"
      ? `API requests are refused (HTTP 402) until ${nextMonthName(facts.month)}`
      : `new ${facts.metric === "messages" ? "messages" : "runs of the agent"} are refused until ${nextMonthName(facts.month)}, and an answer already being written is finished`;
  return facts.plan === "free" ? `${refused}. Upgrading to Pro on the billing page raises the limit.` : `${refused}.`;
}

/** A warning of Pro's token hard cap (the most a month may use at all) rather than of its included allowance. */
const isHardCap = (facts: UsageWarningFacts) =>
  facts.metric === "tokens" && PLANS[facts.plan].overage && facts.limit >= PLANS[facts.plan].tokensHardCap;

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The subject and body of one owner's usage warning email (the demo mailbox). */
export function usageWarningEmail(facts: UsageWarningFacts): { subject: string; body: string } {
  const noun = NOUNS[facts.metric];
  const reached = facts.percent >= 100;
  const subject = isHardCap(facts)
    ? `${facts.organizationName} has used ${facts.percent}% of this month's ${noun} cap${reached ? ": the agent stops answering" : ""}`
    : reached
      ? `${facts.organizationName} has used all of this month's ${noun}`
      : `${facts.organizationName} has used ${facts.percent}% of this month's ${noun}`;
  const body = [
    `Hello ${facts.ownerName},`,
    isHardCap(facts)
      ? `${facts.organizationName} has used ${number(facts.used)} of the ${number(facts.limit)} ${noun} its ${PLANS[facts.plan].name} plan allows at most for ${monthName(facts.month)} (${facts.percent}%).`
      : `${facts.organizationName} has used ${number(facts.used)} of the ${number(facts.limit)} ${noun} its ${PLANS[facts.plan].name} plan includes for ${monthName(facts.month)} (${facts.percent}%).`,
    reached ? capitalized(atTheLimit(facts)) : `Nothing has changed yet. Once the limit is reached, ${atTheLimit(facts)}`,
    `See this month's usage by day, member, conversation and model: ${facts.usageUrl}`,
    `Usage starts again from zero on ${nextMonthName(facts.month)}. You get this email because you are an owner of ${facts.organizationName}.`,
  ].join("\n\n");
  return { subject, body };
}
