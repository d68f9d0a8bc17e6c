import { createHash } from "node:crypto";

/**
 * Statements with more parameters than this stay unnamed: the count of such a statement's
 * parameters usually follows the data (an `IN` list, a batch insert), so each size would be
 * another statement prepared on every connection for as long as it lives.
 */
export const MAX_NAMED_PARAMETERS = 24;
const MAX_REMEMBERED = 2_000;

const names = new Map<string, string>();

/**
 * The name under which node-postgres prepares a statement once per connection (the adapter's
 * `statementNameGenerator`): PostgreSQL then parses and plans the app's statements once per
 * connection instead of on every call, which was the larger part of its CPU per chat answer
 * (docs/benchmarks.md). The name is a digest of the text, so one text always has one name and two
 * texts never share one. "" leaves a statement unnamed.
 */
export function preparedStatementName(query: { sql: string; args: readonly unknown[] }): string {
  if (query.args.length > MAX_NAMED_PARAMETERS) return "";
  let name = names.get(query.sql);
  if (name === undefined) {
    name = `h_${createHash("sha256").update(query.sql).digest("base64url").slice(0, 32)}`;
    if (names.size >= MAX_REMEMBERED) names.clear();
    names.set(query.sql, name);
  }
  return name;
}
