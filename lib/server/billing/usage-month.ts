/**
 * Usage is counted per calendar month in UTC, on every plan: limits are monthly, and a month is the
 * same for every reader. (Stripe invoices the reported overage in its own billing cycle.)
 */

/** The first instant of `now`'s month (UTC); also the `UsageMonth.month` date. */
export const monthStart = (now: Date): Date => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** The first instant of the month after `now`'s. */
export const nextMonthStart = (now: Date): Date => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));

/** `YYYY-MM` of `now`'s month, as the usage API names a month. */
export const monthKey = (now: Date): string => monthStart(now).toISOString().slice(0, 7);

/** The month a `YYYY-MM` names, or null when it is not one. */
export function parseMonthKey(key: string): Date | null {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(key);
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)) : null;
}
