// Runs Prisma 6's `migrate diff` offline: its CLI bundles the schema engine as WASM and talks to
// Postgres through a driver adapter, while Prisma 7's CLI needs a native engine it cannot download
// here (docs/database.md). Prisma 6 needs its own config and a schema whose datasource has a `url`
// (which Prisma 7 refuses), so both are written to a throwaway folder under the git-ignored .data/.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { MIGRATION_LOCK, migrationsDir } from "@/lib/db/migrate";
import { repoRoot } from "@/tooling/db/embedded-postgres";

export const schemaPath = path.join(repoRoot, "prisma", "schema.prisma");

const prisma6Cli = path.join(repoRoot, "node_modules", "prisma6", "build", "index.js");
const adapterModule = path.join(repoRoot, "tooling", "db", "prisma6-adapter.ts");
// What `migrate diff --script` prints when there is nothing to do. An engine that did not run prints nothing.
const EMPTY_DIFF_MARKER = "-- This is an empty migration.";

export interface SchemaDiff {
  /** True when there is nothing to change. */
  empty: boolean;
  /** The SQL that would make the left side match schema.prisma. */
  script: string;
}

/**
 * The SQL that takes a database built by replaying `migrations` to schema.prisma. `serverUrl` is any
 * database on a server where a temporary shadow database may be created (and is dropped afterwards).
 */
export function diffMigrationsToSchema(options: { serverUrl: string; migrations?: string; schema?: string }): Promise<SchemaDiff> {
  return runMigrateDiff({
    serverUrl: options.serverUrl,
    migrations: options.migrations ?? migrationsDir,
    schema: options.schema ?? schemaPath,
  });
}

/** The SQL that takes the existing database at `databaseUrl` to schema.prisma: empty when they agree. */
export function diffDatabaseToSchema(options: { databaseUrl: string; schema?: string }): Promise<SchemaDiff> {
  return runMigrateDiff({ serverUrl: options.databaseUrl, inspectDatabaseUrl: options.databaseUrl, schema: options.schema ?? schemaPath });
}

async function runMigrateDiff(options: {
  serverUrl: string;
  inspectDatabaseUrl?: string;
  migrations?: string;
  schema: string;
}): Promise<SchemaDiff> {
  const workDir = path.join(repoRoot, ".data", "prisma6", `${process.pid}-${randomBytes(4).toString("hex")}`);
  await fs.mkdir(workDir, { recursive: true });
  try {
    const schemaCopy = path.join(workDir, "schema.prisma");
    await fs.writeFile(schemaCopy, withDatasourceUrl(await fs.readFile(options.schema, "utf8")));
    const config = path.join(workDir, "prisma.config.ts");
    await fs.writeFile(config, prisma6Config(options.inspectDatabaseUrl !== undefined));

    // Replaying no migrations onto the inspected database leaves it as it is: see prisma6-adapter.ts.
    const migrations = options.migrations ?? path.join(workDir, "no-migrations");
    if (!options.migrations) {
      await fs.mkdir(migrations);
      await fs.writeFile(path.join(migrations, "migration_lock.toml"), MIGRATION_LOCK);
    }

    const args = ["migrate", "diff", "--config", config, "--from-migrations", migrations, "--to-schema-datamodel", schemaCopy];
    const result = await run(process.execPath, [prisma6Cli, ...args, "--script", "--exit-code"], {
      cwd: workDir,
      env: {
        ...process.env,
        DATABASE_URL: options.serverUrl,
        HANDOFF_INSPECT_DATABASE_URL: options.inspectDatabaseUrl ?? "",
        // Prisma 6 checks for a query engine library it does not use with `engine: "js"`; any file satisfies it.
        PRISMA_QUERY_ENGINE_LIBRARY: process.execPath,
        CHECKPOINT_DISABLE: "1",
        PRISMA_HIDE_UPDATE_MESSAGE: "1",
      },
    });
    return interpretMigrateDiff(result);
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
}

/**
 * `migrate diff --script --exit-code` answers 0 with Prisma's "empty migration" line or 2 with SQL.
 * Anything else is a failure, including exit code 0 with no output: what the CLI does when its
 * engine did not actually run (Prisma 7 with a stand-in engine).
 */
export function interpretMigrateDiff(result: { code: number; stdout: string; stderr: string }): SchemaDiff {
  const script = result.stdout.trim();
  if (result.code === 0 && script === EMPTY_DIFF_MARKER) return { empty: true, script: "" };
  if (result.code === 2 && script && !script.startsWith(EMPTY_DIFF_MARKER)) return { empty: false, script: `${script}\n` };
  throw new Error(
    `prisma6 migrate diff did not produce a usable answer (exit code ${result.code}${script ? "" : ", no output: did its engine run?"}).\n${result.stderr.trim()}`,
  );
}

/** Prisma 6 reads the connection from the schema's datasource; Prisma 7 forbids the line. */
export function withDatasourceUrl(schema: string): string {
  const withUrl = schema.replace(/^(datasource\s+\w+\s*\{)/m, `$1\n  url = env("DATABASE_URL")`);
  if (withUrl === schema) throw new Error("schema.prisma has no datasource block.");
  return withUrl;
}

function prisma6Config(inspect: boolean): string {
  return `import { defineConfig } from "prisma6/config";
import { prisma6Adapter } from ${JSON.stringify(adapterModule)};

export default defineConfig({
  engine: "js",
  experimental: { adapter: true },
  schema: "./schema.prisma",
  adapter: async () => prisma6Adapter(process.env.DATABASE_URL!${inspect ? ", process.env.HANDOFF_INSPECT_DATABASE_URL" : ""}),
});
`;
}

function run(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { ...options, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
      resolve({ code, stdout, stderr: error && !stderr ? error.message : stderr });
    });
  });
}
