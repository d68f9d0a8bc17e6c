/**
 * Keyset pagination over (a timestamp, an id), newest first: the cursor is the last row's pair,
 * opaque to clients. A cursor that encodeCursor did not write is an `InvalidCursorError` (a 400),
 * never a query Postgres refuses.
 */
export class InvalidCursorError extends Error {
  constructor() {
    super("This page link is not valid any more. Reload the list.");
    this.name = "InvalidCursorError";
  }
}

export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(JSON.stringify([at.toISOString(), id])).toString("base64url");
}

export function decodeCursor(cursor: string): { at: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    const date = new Date(at as string);
    // Only what encodeCursor writes: a NUL byte or a year Postgres cannot store would be a 500.
    const year = date.getUTCFullYear();
    if (typeof at === "string" && typeof id === "string" && /^[a-z0-9]{1,64}$/i.test(id) && year >= 1 && year <= 9999)
      return { at: date, id };
  } catch {
    // Falls through to the error below.
  }
  throw new InvalidCursorError();
}

/** LIKE's wildcards and its escape character, taken literally (use with `ESCAPE '\\'`). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");
