// Small helpers over Postgres connection URLs, shared by scripts, migrations and tests.

/** The same server and credentials, another database. */
export function withDatabaseName(url: string, databaseName: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(databaseName)}`;
  return parsed.toString();
}

export function databaseNameOf(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ""));
  if (!name) throw new Error("The database URL names no database (expected postgresql://user:pass@host:port/<database>).");
  return name;
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
