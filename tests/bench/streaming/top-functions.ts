/**
 * The functions with the most self time in a V8 .cpuprofile (from BENCH_CPU_PROF=1), grouped by
 * function and file, and the same grouped by package or source folder:
 *
 *   npx tsx tests/bench/streaming/top-functions.ts .data/bench-profiles/<file>.cpuprofile [count]
 */
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
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
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

const group = (key: (n: ProfileNode) => string) => {
  const sums = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const k = key(byId.get(id)!);
    sums.set(k, (sums.get(k) ?? 0) + us);
  }
  return [...sums].sort((a, b) => b[1] - a[1]);
};
const short = (url: string) => url.replace(/^file:\/\//, "").replace(/.*node_modules\//, "~/").replace(/.*\/\.next\//, ".next/");
const area = (n: ProfileNode) => {
  const url = n.callFrame.url;
  if (!url) return `(${n.callFrame.functionName || "program"})`;
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (url.startsWith("node:")) return url.split("/")[0];
  return short(url).split("/").slice(0, 3).join("/");
};
const count = Number(countArg ?? 40);
const pct = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)}%`;
console.log(`profile ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s, ${(total / 1e6).toFixed(1)} s sampled\n`);
console.log("by area:");
for (const [k, us] of group(area).slice(0, 20)) console.log(`${pct(us)}  ${k}`);
console.log("\nby function:");
for (const [k, us] of group((n) => `${n.callFrame.functionName || "(anonymous)"}  ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`).slice(0, count)) console.log(`${pct(us)}  ${k}`);
