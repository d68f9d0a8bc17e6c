import { monthKey } from "./usage-month";

/**
 * The organizations this process admitted a run for this month (UTC). Their runs' threshold checks
 * belong to the admissions (admission.ts: at the hold's release, and only when a threshold not told
 * yet was within reach of the month the admission read), so the check after an agent's work
 * (thresholds.ts) can skip its reads for them. One month at a time: a new month starts empty.
 */
let current = { month: "", organizations: new Set<string>() };

export function noteAdmitted(organizationId: string, now: Date): void {
  const month = monthKey(now);
  if (current.month !== month) current = { month, organizations: new Set() };
  current.organizations.add(organizationId);
}

export function admittedThisMonth(organizationId: string, now: Date): boolean {
  return current.month === monthKey(now) && current.organizations.has(organizationId);
}
