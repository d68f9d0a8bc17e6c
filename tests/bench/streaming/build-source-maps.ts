import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * Where a position in one of the production build's server chunks (`.next/`) came from, through
 * the chunk's source map: the profile readers (top-functions.ts, perf-summary.ts) name app files
 * instead of minified chunk positions. source-map-js comes with Next's CSS tooling; without it
 * (or without a map) the answer is null and the chunk's own position stays.
 */
interface Consumer {
  originalPositionFor(position: { line: number; column: number }): { source: string | null; name: string | null };
}

let SourceMapConsumer: (new (map: unknown) => Consumer) | undefined;
try {
  SourceMapConsumer = ((await import("source-map-js")) as unknown as { SourceMapConsumer: new (map: unknown) => Consumer })
    .SourceMapConsumer;
} catch {
  SourceMapConsumer = undefined;
}
const consumers = new Map<string, Consumer | null>();

export const sourceMapsAvailable = SourceMapConsumer !== undefined;

/** `line` 1-based, `column` 0-based; `url` a path or a file: URL. Packages come back as `~/<package>/…`. */
export function originalPosition(url: string, line: number, column: number): { file: string; name: string | null } | null {
  if (!SourceMapConsumer || !url.includes("/.next/")) return null;
  if (!consumers.has(url)) {
    const path = url.startsWith("file://") ? fileURLToPath(url) : url;
    consumers.set(url, existsSync(`${path}.map`) ? new SourceMapConsumer(JSON.parse(readFileSync(`${path}.map`, "utf8"))) : null);
  }
  const position = consumers.get(url)?.originalPositionFor({ line, column });
  if (!position?.source) return null;
  const file = position.source
    .replace(/^(\.\.\/)+/, "")
    .replace(/^turbopack:\/\/+/, "")
    .replace(/^\[project\]\//, "")
    .replace(/.*node_modules\//, "~/");
  return { file, name: position.name };
}
