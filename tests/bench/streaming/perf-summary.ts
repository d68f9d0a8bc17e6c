/**
 * Where the Next server's CPU time went, from Linux `perf` (CPU time on every thread, unlike V8's
 * wall-clock sampler of the main thread: docs/failures.md, "The V8 profile blamed writev"):
 * - the share of V8's background threads (optimizing compiler, garbage collector) against the main thread;
 * - the main thread by the innermost JavaScript frame of each sample (package, Node internals or app file);
 * - the main thread inclusive: every package and app file on a sample's stack gets the sample.
 * Next's server chunks are mapped back to their sources through the build's source maps.
 *
 *   NODE_OPTIONS=--perf-basic-prof <bench or server>          # JIT frames get names in /tmp/perf-<pid>.map
 *                                                             # (V8 also writes isolate-*-v8.log here: git ignores them)
 *   perf record -F 999 -g -p <server pid> -o perf.data -- sleep 8   # once the bench logs "… load running"
 *   perf script -i perf.data -F comm,tid,ip,sym > perf.txt
 *   npx tsx tests/bench/streaming/perf-summary.ts perf.txt [count]
 */
import { readFileSync } from "node:fs";
import { originalPosition } from "./build-source-maps";

const [file, countArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: perf-summary.ts <perf script output> [count]");
  process.exit(1);
}
const count = Number(countArg ?? 30);

interface Sample {
  /** The thread's name: Node's main thread is named after the process ("next-server (v…)"), V8's workers "node". */
  thread: string;
  /** Symbols, innermost first. */
  frames: string[];
}

const samples: Sample[] = readFileSync(file, "utf8")
  .split(/\n\s*\n/)
  .map((block) => block.split("\n").filter((line) => line.trim()))
  .filter((lines) => lines.length > 0)
  .map(([head, ...frames]) => ({
    thread: head.trim().replace(/\s+\d+\s*$/, ""),
    // "    7fd5506aed14 JS:*promiseInitHook node:internal/async_hooks:320:25" → the symbol after the address
    frames: frames.map((line) => line.trim().replace(/^[0-9a-f]+\s+/, "")),
  }));

const isWorker = (sample: Sample) => sample.thread === "node";
const workerKind = (sample: Sample) => {
  const stack = sample.frames.join(" ");
  if (stack.includes("compiler::") || stack.includes("maglev")) return "V8 optimizing compiler (background)";
  if (/Scaveng|Heap::|MarkCompact|Marking|Sweep|Evacuat/.test(stack)) return "V8 garbage collector (background)";
  return "other background threads";
};

/** A JIT frame `JS:<tier><name> <file>:<line>:<column>` as the file (app source through the maps) it is in. */
function jsFile(frame: string): string | null {
  const match = frame.match(/^JS:\S*\s+(\S+):(\d+):(\d+)$/) ?? frame.match(/^JS:\S*\s+(\S+)$/);
  if (!match) return null;
  const [, location, line, column] = match;
  const mapped = line ? originalPosition(location, Number(line), Number(column) - 1) : null;
  const where = mapped?.file ?? location.replace(/.*node_modules\//, "~/").replace(/.*\/\.next\//, ".next/");
  const pkg = where.match(/^~\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return decodeURIComponent(pkg[1]);
  if (where.startsWith("node:")) return where.split("/").slice(0, 2).join("/");
  return where;
}

function innermost(sample: Sample): string {
  if (sample.frames.some((frame) => /Scavenge|Heap::CollectGarbage/.test(frame))) return "(garbage collector)";
  for (const frame of sample.frames) {
    const where = jsFile(frame);
    if (where) return where;
  }
  return sample.frames.some((frame) => frame.includes("entry_SYSCALL")) ? "(native: syscalls)" : "(native)";
}

const tally = (keys: Iterable<string>, into: Map<string, number>) => {
  for (const key of keys) into.set(key, (into.get(key) ?? 0) + 1);
};
const top = (counts: Map<string, number>, of: number) =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, n]) => `${((n / of) * 100).toFixed(1).padStart(5)}%  ${key}`)
    .join("\n");

const main = samples.filter((sample) => !isWorker(sample));
const threads = new Map<string, number>();
tally(
  samples.map((sample) => (isWorker(sample) ? workerKind(sample) : "main thread")),
  threads,
);
const self = new Map<string, number>();
tally(main.map(innermost), self);
const inclusive = new Map<string, number>();
for (const sample of main) tally(new Set(sample.frames.map(jsFile).filter((where): where is string => where !== null)), inclusive);

console.log(`${samples.length} samples, ${main.length} on the main thread\n`);
console.log(`by thread, of all samples:\n${top(threads, samples.length)}\n`);
console.log(`main thread, by innermost JavaScript frame:\n${top(self, main.length)}\n`);
console.log(`main thread, inclusive (each package or file once per sample):\n${top(inclusive, main.length)}`);
