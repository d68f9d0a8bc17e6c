/**
 * What the browser chunks of a build are made of, by package, from their source maps. The
 * project's build has no browser source maps; build a copy with `productionBrowserSourceMaps: true`
 * in next.config.ts (see tests/bench/README.md), then:
 *
 *   npx tsx tests/bench/streaming/js-composition.ts /tmp/copy/.next [min gzip kB, default 8]
 *
 * Each chunk's bytes are attributed to the source file each generated character maps to.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

interface Mapping {
  generatedLine: number;
  generatedColumn: number;
  source: string | null;
}
interface Consumer {
  eachMapping(callback: (mapping: Mapping) => void): void;
}

const [nextDir, minArg] = process.argv.slice(2);
if (!nextDir) {
  console.error("usage: js-composition.ts <.next directory> [min gzip kB]");
  process.exit(1);
}
const { SourceMapConsumer } = (await import("source-map-js")) as unknown as { SourceMapConsumer: new (map: unknown) => Consumer };
const dir = path.join(nextDir, "static", "chunks");
const minGzip = Number(minArg ?? 8) * 1000;
const packageOf = (source: string) => {
  const pkg = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  return `app: ${source
    .replace(/^.*\[project\]\//, "")
    .replace(/^(\.\.\/)+/, "")
    .split("/")
    .slice(0, 2)
    .join("/")}`;
};

const rows: { file: string; gzip: number; parts: [string, number][] }[] = [];
for (const file of readdirSync(dir).filter((f) => f.endsWith(".js"))) {
  const code = readFileSync(path.join(dir, file), "utf8");
  const gzip = gzipSync(code, { level: 6 }).length;
  const ref = code.match(/sourceMappingURL=(\S+)\s*$/)?.[1];
  if (gzip < minGzip || !ref || !existsSync(path.join(dir, ref))) continue;
  const consumer = new SourceMapConsumer(JSON.parse(readFileSync(path.join(dir, ref), "utf8")));
  const bytes = new Map<string, number>();
  let last: { line: number; column: number; source: string } | null = null;
  consumer.eachMapping((m) => {
    if (last && last.line === m.generatedLine) bytes.set(last.source, (bytes.get(last.source) ?? 0) + m.generatedColumn - last.column);
    last = { line: m.generatedLine, column: m.generatedColumn, source: packageOf(m.source ?? "(unmapped)") };
  });
  const total = [...bytes.values()].reduce((a, b) => a + b, 0) || 1;
  rows.push({ file, gzip, parts: [...bytes].sort((a, b) => b[1] - a[1]).map(([p, n]) => [p, n / total]) });
}
for (const row of rows.sort((a, b) => b.gzip - a.gzip)) {
  const parts = row.parts.filter(([, share]) => share >= 0.02).map(([p, share]) => `${p} ${(share * 100).toFixed(0)}%`);
  console.log(`${row.file}  ${(row.gzip / 1000).toFixed(1)} kB gzip: ${parts.join(", ")}`);
}
