/** Equal as JSON, whatever the order of object keys (jsonb reorders them). */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value && typeof value === "object"
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([x], [y]) => (x < y ? -1 : 1))
            .filter(([, inner]) => inner !== undefined)
            .map(([k, inner]) => [k, canonical(inner)]),
        )
      : value;
