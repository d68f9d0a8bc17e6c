// npm start: the production build on every core. A node:cluster primary forks WEB_CONCURRENCY
// workers (default: one per core) and each worker runs Next's own `next start` with this script's
// arguments, so the port (PORT, -p, default 3000), -H, --keepAliveTimeout and the environment mean
// what they mean for `next start`; the workers share the listening socket through the primary,
// which hands each new connection to the next worker in turn. A worker that dies is replaced, with a
// growing delay; a worker that keeps dying right after it starts stops everything with exit code 1.
// SIGTERM or SIGINT reaches every worker, which stops like `next start` does (no new connections,
// requests in flight finish); a worker still busy after STOP_GRACE_MS is killed.
import cluster, { type Worker } from "node:cluster";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Under the 30 s most process managers give before their own SIGKILL (Kubernetes, systemd, ECS). */
const STOP_GRACE_MS = 25_000;
/** A worker that served this long before dying was healthy: its death starts the count again. */
const STABLE_MS = 10_000;
/** Deaths in a row, each within STABLE_MS of starting, before the primary gives up. */
const MAX_QUICK_DEATHS = 5;
const RESTART_DELAY_MS = { initial: 500, max: 10_000 };

const workerCount = readWorkerCount(process.env.WEB_CONCURRENCY);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

cluster.setupPrimary({
  exec: path.join(repoRoot, "node_modules", "next", "dist", "bin", "next"),
  cwd: repoRoot,
  args: ["start", ...process.argv.slice(2)],
  // This primary runs under tsx; the workers are plain Node running Next, as `next start` is.
  execArgv: [],
});

interface Slot {
  index: number;
  worker?: Worker;
  startedAt: number;
  quickDeaths: number;
  restartTimer?: NodeJS.Timeout;
}

const slots: Slot[] = Array.from({ length: workerCount }, (_, index) => ({ index, startedAt: 0, quickDeaths: 0 }));
let stopping = false;

console.log(`npm start: ${workerCount} Next.js worker${workerCount === 1 ? "" : "s"} (WEB_CONCURRENCY), primary pid ${process.pid}`);
for (const slot of slots) fork(slot);

// A replaced worker takes new connections only from here on; the line tells an operator (and the tests) when.
cluster.on("listening", (worker, address) => {
  const slot = slots.find((s) => s.worker === worker);
  console.log(`npm start: worker ${slot?.index ?? "?"} (pid ${worker.process.pid}) listening on port ${address.port}`);
});

function fork(slot: Slot) {
  slot.restartTimer = undefined;
  slot.startedAt = Date.now();
  const worker = cluster.fork();
  slot.worker = worker;
  worker.once("exit", (code, signal) => onExit(slot, worker, code, signal));
}

function onExit(slot: Slot, worker: Worker, code: number | null, signal: string | null) {
  if (slot.worker === worker) slot.worker = undefined;
  if (stopping) {
    if (slots.every((s) => !s.worker)) finish();
    return;
  }
  const lived = Date.now() - slot.startedAt;
  slot.quickDeaths = lived < STABLE_MS ? slot.quickDeaths + 1 : 1;
  const how = signal ? `signal ${signal}` : `code ${code}`;
  if (slot.quickDeaths >= MAX_QUICK_DEATHS) {
    console.error(
      `npm start: worker ${slot.index} died ${slot.quickDeaths} times in a row within ${STABLE_MS / 1000} s of starting (last: ${how}); giving up`,
    );
    process.exitCode = 1;
    stop("SIGTERM");
    return;
  }
  const delay = Math.min(RESTART_DELAY_MS.initial * 2 ** (slot.quickDeaths - 1), RESTART_DELAY_MS.max);
  console.error(`npm start: worker ${slot.index} (pid ${worker.process.pid}) exited with ${how}; restarting it in ${delay} ms`);
  slot.restartTimer = setTimeout(() => fork(slot), delay);
}

function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  console.log(`npm start: ${signal}, stopping the workers`);
  for (const slot of slots) clearTimeout(slot.restartTimer);
  // A terminal's Ctrl+C signals the whole process group; Next ignores the second signal.
  for (const slot of slots) slot.worker?.process.kill(signal);
  if (slots.every((s) => !s.worker)) finish();
  setTimeout(() => {
    for (const slot of slots) {
      if (!slot.worker) continue;
      console.error(
        `npm start: worker ${slot.index} (pid ${slot.worker.process.pid}) still busy after ${STOP_GRACE_MS / 1000} s; killing it`,
      );
      slot.worker.process.kill("SIGKILL");
    }
  }, STOP_GRACE_MS).unref();
}

let exitCodeForSignal = 0;
function finish() {
  process.exit(process.exitCode ?? exitCodeForSignal);
}

for (const [signal, code] of [
  ["SIGTERM", 143],
  ["SIGINT", 130],
] as const) {
  process.on(signal, () => {
    // The exit code `next start` gives for the signal, so a process manager sees the same stop.
    exitCodeForSignal = code;
    stop(signal);
  });
}

function readWorkerCount(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return os.availableParallelism();
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1) {
    console.error(`npm start: WEB_CONCURRENCY must be a whole number of workers, 1 or more (got "${value}")`);
    process.exit(1);
  }
  return count;
}
