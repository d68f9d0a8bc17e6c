/** A value in plain words, for answers whose renderer has no `describe` of its own. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return "no value";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.map(describeValue).join(", ");
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 1) return describeValue(entries[0][1]);
  return entries.map(([key, item]) => `${humanize(key)}: ${describeValue(item)}`).join("; ");
}

/** "send_email" → "Send email". */
export function humanize(name: string): string {
  const words = name.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
