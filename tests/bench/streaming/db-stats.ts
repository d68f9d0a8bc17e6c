import pg from "pg";

/**
 * Database work during a phase, from PostgreSQL's cumulative statistics: committed transactions
 * (≈ round trips that wrote or read in their own transaction) and rows inserted/updated per table.
 * Statistics reach these views up to a second late, so `read` waits for them to settle.
 */
export interface DbCounters {
  xactCommit: number;
  xactRollback: number;
  tables: Record<string, { ins: number; upd: number; seqScan: number; idxScan: number }>;
}

export async function readDbCounters(databaseUrl: string): Promise<DbCounters> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const db = await client.query<{ xact_commit: string; xact_rollback: string }>(
      "SELECT xact_commit, xact_rollback FROM pg_stat_database WHERE datname = current_database()",
    );
    const tables = await client.query<{ relname: string; n_tup_ins: string; n_tup_upd: string; seq_scan: string; idx_scan: string | null }>(
      "SELECT relname, n_tup_ins, n_tup_upd, seq_scan, idx_scan FROM pg_stat_user_tables",
    );
    return {
      xactCommit: Number(db.rows[0]?.xact_commit ?? 0),
      xactRollback: Number(db.rows[0]?.xact_rollback ?? 0),
      tables: Object.fromEntries(
        tables.rows.map((r) => [
          r.relname,
          { ins: Number(r.n_tup_ins), upd: Number(r.n_tup_upd), seqScan: Number(r.seq_scan), idxScan: Number(r.idx_scan ?? 0) },
        ]),
      ),
    };
  } finally {
    await client.end();
  }
}

/** Waits for the statistics collector to publish, then reads. */
export async function settledDbCounters(databaseUrl: string): Promise<DbCounters> {
  await new Promise((resolve) => setTimeout(resolve, 1200));
  return readDbCounters(databaseUrl);
}

export function diffDbCounters(before: DbCounters, after: DbCounters) {
  const tables: Record<string, { ins: number; upd: number; seqScan: number }> = {};
  for (const [name, t] of Object.entries(after.tables)) {
    const b = before.tables[name] ?? { ins: 0, upd: 0, seqScan: 0, idxScan: 0 };
    const ins = t.ins - b.ins;
    const upd = t.upd - b.upd;
    // A sequential scan on the hot path is a plan made before the table had statistics.
    const seqScan = t.seqScan - b.seqScan;
    if (ins || upd || seqScan) tables[name] = { ins, upd, seqScan };
  }
  // The reading session's own transaction counts once per read.
  return { transactions: after.xactCommit - before.xactCommit - 1, rollbacks: after.xactRollback - before.xactRollback, tables };
}

export interface StatementStat {
  query: string;
  calls: number;
  totalMs: number;
  rows: number;
}

/** Forgets what pg_stat_statements collected so far (for the whole server). */
export async function resetStatements(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SELECT pg_stat_statements_reset()");
  } finally {
    await client.end();
  }
}

/** Statements of this database since the last reset, most called first. */
export async function readStatements(databaseUrl: string, limit = 25): Promise<StatementStat[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ query: string; calls: string; total_exec_time: number; rows: string }>(
      `SELECT query, calls, total_exec_time, rows FROM pg_stat_statements
       WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query NOT LIKE '%pg_stat_statements%'
       ORDER BY calls DESC LIMIT $1`,
      [limit],
    );
    return rows.map((r) => ({
      query: r.query.replace(/\s+/g, " ").trim(),
      calls: Number(r.calls),
      totalMs: r.total_exec_time,
      rows: Number(r.rows),
    }));
  } finally {
    await client.end();
  }
}
