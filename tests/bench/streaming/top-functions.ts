/**
 * Where a V8 .cpuprofile (from BENCH_CPU_PROF=1) spent its time:
 * - self time by package or source folder, and by function;
 * - inclusive time by source file of the app (a sample counts once for every app file on its
 *   stack), with Next's server chunks mapped back to their sources through the build's source maps.
 *
 *   npx tsx tests/bench/streaming/top-functions.ts .data/bench-profiles/<file>.cpuprofile [count]
 */
import { readFileSync } from "node:fs";
import { originalPosition, sourceMapsAvailable } from "./build-source-maps";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}
const [file, countArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: top-functions.ts <file.cpuprofile> [count]");
  process.exit(1);
}
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

function original(frame: CallFrame): { file: string; name: string } | null {
  const position = originalPosition(frame.url, frame.lineNumber + 1, frame.columnNumber);
  return position && { file: position.file, name: position.name ?? frame.functionName };
}

const short = (url: string) =>
  url
    .replace(/^file:\/\//, "")
    .replace(/.*node_modules\//, "~/")
    .replace(/.*\/\.next\//, ".next/");
const frameFile = (frame: CallFrame) => original(frame)?.file ?? short(frame.url);
const area = (frame: CallFrame) => {
  if (!frame.url) return `(${frame.functionName || "program"})`;
  const where = frameFile(frame);
  const pkg = where.match(/^~\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (where.startsWith("node:")) return where.split("/")[0];
  return where.split("/").slice(0, 3).join("/");
};

const count = Number(countArg ?? 40);
const pct = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)}%`;
const groupSelf = (key: (frame: CallFrame) => string) => {
  const sums = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const k = key(byId.get(id)!.callFrame);
    sums.set(k, (sums.get(k) ?? 0) + us);
  }
  return [...sums].sort((a, b) => b[1] - a[1]);
};

console.log(
  `profile ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s, ${(total / 1e6).toFixed(1)} s sampled${sourceMapsAvailable ? "" : " (no source maps)"}\n`,
);
console.log("self time by area:");
for (const [k, us] of groupSelf(area).slice(0, 20)) console.log(`${pct(us)}  ${k}`);
console.log("\nself time by function:");
for (const [k, us] of groupSelf(
  (f) => `${original(f)?.name || f.functionName || "(anonymous)"}  ${frameFile(f)}:${f.lineNumber + 1}`,
).slice(0, count))
  console.log(`${pct(us)}  ${k}`);

// Inclusive time per app source file: every distinct app file on a sample's stack gets the sample.
const inclusive = new Map<string, number>();
for (const [id, us] of selfUs) {
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const where = original(byId.get(cur)!.callFrame)?.file;
    if (where && !where.startsWith("~/") && !seen.has(where)) seen.add(where);
  }
  for (const where of seen) inclusive.set(where, (inclusive.get(where) ?? 0) + us);
}
console.log("\ninclusive time by app source file:");
for (const [k, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, count)) console.log(`${pct(us)}  ${k}`);
