/** The bounds of a list's date filter (an ISO day or timestamp, as the query schemas accept them). */

/** A day alone starts at its midnight UTC; a timestamp is itself. */
export const startOf = (value: string) => new Date(value.length === 10 ? `${value}T00:00:00.000Z` : value);

/** A day alone as the upper bound includes the whole day; a timestamp is included too. */
export function endOf(value: string): Date {
  if (value.length === 10) return new Date(Date.parse(`${value}T00:00:00.000Z`) + 24 * 60 * 60 * 1000);
  return new Date(Date.parse(value) + 1);
}
