// `prisma generate` (run by postinstall) without the native schema engine, which the Prisma CLI
// would try to download and cannot reach here. Generating the client does not need the engine,
// but the CLI refuses to start without one, so it gets a stand-in executable (docs/database.md).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const prismaCli = path.join(repoRoot, "node_modules", "prisma", "build", "index.js");
// Any executable that does nothing will do.
const standInEngine = process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? "/bin/true";

const result = spawnSync(process.execPath, [prismaCli, "generate"], {
  cwd: repoRoot,
  stdio: "inherit",
  env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: standInEngine, CHECKPOINT_DISABLE: "1", PRISMA_HIDE_UPDATE_MESSAGE: "1" },
});
if (result.error) throw result.error;
process.exit(result.status ?? 1);
