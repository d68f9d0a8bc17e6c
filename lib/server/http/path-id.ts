import { idSchema } from "@/lib/schemas/text";
import { notFound } from "./app-error";

/**
 * Whether a path's id could exist. One that cannot (NUL, unpaired surrogates, any character our
 * ids never hold) is answered 404 without a query: Postgres refuses NUL in text with an error.
 */
export const possibleId = (id: string) => idSchema.safeParse(id).success;

/** The id, or 404 naming what was not found. */
export function requirePathId(id: string, what: string): string {
  if (!possibleId(id)) throw notFound(what);
  return id;
}
