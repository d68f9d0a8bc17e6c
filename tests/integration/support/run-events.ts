// Run events for tests that need some in a conversation, written by the statement the run-event
// recorder uses in production (appendAndAnnounceRunEvents over node-postgres).
import pg from "pg";
import { afterAll } from "vitest";
import { appendAndAnnounceRunEvents, type RunEventInput, type StoredRunEvent } from "@/lib/db/run-events";
import { testDatabaseUrl } from "@/tests/integration/support/databases";

// A channel nobody listens on: these tests read the stored rows, not the bus.
const notice = { channel: "handoff_test_run_events", instanceId: "test" };

let pool: pg.Pool | undefined;

// Hooks run in reverse order, so this ends the pool before per-file-database.ts drops the database.
afterAll(async () => {
  await pool?.end();
  pool = undefined;
});

export function appendRunEvents(
  organizationId: string,
  conversationId: string,
  runId: string,
  events: RunEventInput[],
): Promise<StoredRunEvent[]> {
  pool ??= new pg.Pool({ connectionString: testDatabaseUrl(), max: 4 });
  const connection = pool;
  return appendAndAnnounceRunEvents(
    (text, values) => connection.query(text, values),
    notice,
    organizationId,
    conversationId,
    events.map((event) => ({ ...event, runId })),
  );
}
