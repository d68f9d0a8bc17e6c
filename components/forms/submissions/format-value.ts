/** A stored answer as the table and the detail show it: lists joined, yes/no, "—" for none. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.length === 0 ? "—" : value.map(formatValue).join("; ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** Long answers are cut in the table; the detail page shows them whole. */
export const truncate = (text: string, length = 60) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

export const formatWhen = (iso: string) => new Date(iso).toLocaleString();
