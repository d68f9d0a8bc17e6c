// Plain SQL helpers for the test harness; free of vitest's runtime so global setup can use them too.
import pg from "pg";

/** The migrated database every test file's database is copied from. */
export const TEMPLATE_DATABASE = "handoff_template";

export async function runAdmin(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Runs `sql` on the database at `url` and returns its rows. */
export async function query<Row extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(sql, values)).rows;
  } finally {
    await client.end();
  }
}
