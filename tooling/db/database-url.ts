// Small helpers over Postgres connection URLs, shared by scripts, migrations and tests.

/** The same server and credentials, another database. */
export function withDatabaseName(url: string, databaseName: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(databaseName)}`;
  return parsed.toString();
}

/** For log lines: never print a password. */
export function redactPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

/** Double-quotes an identifier for SQL that cannot take it as a bind parameter (CREATE DATABASE ...). */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
