import type { FormInstanceRecord } from "./types";

/**
 * Tier 0: one short line per active instance, appended to the model input before every model call
 * (never stored). Built from the record's state alone (`state.line`, written at each commit), so it
 * costs no read and stays short however many fields a form has.
 */
export function contextLineOf(records: readonly FormInstanceRecord[]): string {
  return records.map((record) => lineOf(record, records.length > 1)).join("\n");
}

function lineOf(record: FormInstanceRecord, withId: boolean): string {
  const head = `[form: ${record.formId}${withId ? ` #${record.id.slice(0, 6)}` : ""}]`;
  const parts = [head];
  const line = record.state.line;
  if (line?.step) parts[0] += ` step ${line.step.index}/${line.step.count} "${line.step.title}"`;
  if (line && (line.pending.labels.length > 0 || line.pending.more > 0)) parts.push(`pending: ${labels(line.pending)}`);
  if (line && (line.later.labels.length > 0 || line.later.more > 0)) parts.push(`later: ${labels(line.later)}`);
  if (record.status === "awaiting") parts.push("awaiting approval");
  if (record.status === "completed") parts.push("complete, ready to submit");
  return parts.join(" · ");
}

function labels(list: { labels: string[]; more: number }): string {
  return [...list.labels, ...(list.more > 0 ? [`+${list.more} more`] : [])].join(", ");
}
