import type { UsageReport } from "@/lib/schemas/billing";
import { DELETED_CONVERSATION_LABEL, DELETED_USER_LABEL, NO_ONE_LABEL } from "@/lib/schemas/usage-labels";

/** Numbers and dates as the usage page writes them: one locale, so the page reads the same for everyone (and its tests). */
const NUMBER = new Intl.NumberFormat("en-US");
const DAY = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const MONTH = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

export const formatNumber = (value: number) => NUMBER.format(value);
/** `2026-12-02` → "Dec 2". */
export const formatDay = (day: string) => DAY.format(new Date(`${day}T00:00:00Z`));
/** `2026-12` → "December 2026". */
export const formatMonth = (month: string) => MONTH.format(new Date(`${month}-01T00:00:00Z`));

export type MemberUsage = UsageReport["by_member"][number];

export const memberLabel = (member: Pick<MemberUsage, "user_id" | "name">) =>
  member.user_id === null ? NO_ONE_LABEL : (member.name ?? DELETED_USER_LABEL);

export const conversationLabel = (title: string | null) => title ?? DELETED_CONVERSATION_LABEL;
