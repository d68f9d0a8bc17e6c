/** Small statistics helpers for the streaming benchmark. */

export interface Summary {
  n: number;
  p50: number;
  p90: number;
  p99: number;
  min: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentile of an unsorted sample (NaN for an empty one). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export function summarize(values: number[]): Summary {
  const n = values.length;
  return {
    n,
    p50: percentile(values, 50),
    p90: percentile(values, 90),
    p99: percentile(values, 99),
    min: n ? Math.min(...values) : Number.NaN,
    max: n ? Math.max(...values) : Number.NaN,
    mean: n ? values.reduce((a, b) => a + b, 0) / n : Number.NaN,
  };
}

export const ms = (value: number, digits = 1) => (Number.isFinite(value) ? `${value.toFixed(digits)} ms` : "n/a");
export const num = (value: number, digits = 0) =>
  Number.isFinite(value) ? value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits }) : "n/a";

/** A plain-text table for the terminal (and the same rows become markdown in the report). */
export function textTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => cells.map((c, i) => (c ?? "").padEnd(widths[i])).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

export function markdownTable(header: string[], rows: string[][]): string {
  const esc = (cell: string) => (cell ?? "").replaceAll("|", "\\|");
  return [
    `| ${header.map(esc).join(" | ")} |`,
    `|${header.map(() => "---").join("|")}|`,
    ...rows.map((r) => `| ${r.map(esc).join(" | ")} |`),
  ].join("\n");
}
