/**
 * The match rule's dotted paths (`data.order_id`, `items.0.id`): each part is an object's key, or an
 * array's index when the value there is an array. No wildcards, no expressions: a rule an admin can
 * read at a glance and check against a sample. Here, not in lib/server, because the settings page runs this
 * same reader on a pasted sample.
 */

export type PathRead = { found: true; value: unknown } | { found: false };

export function readPath(value: unknown, path: string): PathRead {
  let current = value;
  for (const part of path.split(".")) {
    if (Array.isArray(current)) {
      if (!/^\d+$/.test(part) || Number(part) >= current.length) return { found: false };
      current = current[Number(part)];
    } else if (current !== null && typeof current === "object" && Object.hasOwn(current, part)) {
      current = (current as Record<string, unknown>)[part];
    } else {
      return { found: false };
    }
  }
  return { found: true, value: current };
}

/** Longest correlation key kept (an item's key is a short field too). */
export const CORRELATION_KEY_MAX = 200;

/**
 * The correlation key at `path`: a string as it is, a finite number as its decimal text; null for
 * anything else (missing, null, a boolean, an object, an array, an empty or oversized string), which
 * the receiver logs as unmatched.
 */
export function correlationKeyAt(value: unknown, path: string): string | null {
  const read = readPath(value, path);
  if (!read.found) return null;
  const key = typeof read.value === "number" && Number.isFinite(read.value) ? String(read.value) : read.value;
  return typeof key === "string" && key !== "" && key.length <= CORRELATION_KEY_MAX ? key : null;
}
