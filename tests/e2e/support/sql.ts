import pg from "pg";
import { appDatabaseUrl } from "./env";

/** One query against the e2e server's database, on a connection of its own: for checks the API does not expose. */
export async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: appDatabaseUrl() });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}
