import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";

/** Chromium as ../shared/DESIGN.md says it runs here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface FirstLoadJs {
  url: string;
  status: number;
  finalUrl: string;
  scripts: number;
  /** Uncompressed bytes of every JavaScript response until the network was idle. */
  rawBytes: number;
  /** Sum of each script gzipped here (zlib level 6, what Next's compression uses), until the network was idle. */
  gzipBytes: number;
  /**
   * The same for the scripts the server-rendered HTML names (`<script src>` and script preloads):
   * what the page needs before it is interactive, Next's "First Load JS". The rest are chunks the
   * page imports lazily once it runs (e.g. the markdown renderer).
   */
  initialScripts: number;
  initialGzipBytes: number;
  /** Sum of the bytes as the server sent them (its content-encoding), from the browser's accounting. */
  transferredBytes: number;
  encodings: string[];
  /** Every script, largest first, with the libraries recognisable in it (by marker strings). */
  largest: { url: string; gzipBytes: number; contains: string[]; initial: boolean }[];
  /** Time until the chat page showed its composer (a textarea), or NaN. */
  composerMs: number;
}

/**
 * Loads `url` once in a fresh Chromium context (empty cache) with the given session cookies and
 * adds up the JavaScript it fetched. Only loopback URLs.
 */
export async function measureFirstLoadJs(url: string, cookies: { name: string; value: string; url: string }[]): Promise<FirstLoadJs> {
  if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(url)) throw new Error(`refusing a non-loopback URL: ${url}`);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true, timeout: 30_000 });
  try {
    const context = await browser.newContext();
    await context.addCookies(cookies);
    const page = await context.newPage();
    // Nothing but the app: block any request that is not to the app's origin.
    const origin = new URL(url).origin;
    await page.route("**/*", (route) => (route.request().url().startsWith(origin) ? route.continue() : route.abort()));
    const scripts: { url: string; body: Buffer; transferred: number; encoding: string }[] = [];
    const pending: Promise<void>[] = [];
    page.on("response", (response) => {
      const type = response.request().resourceType();
      const contentType = response.headers()["content-type"] ?? "";
      if (type !== "script" && !contentType.includes("javascript")) return;
      pending.push(
        (async () => {
          try {
            const body = await response.body();
            const sizes = await response.request().sizes();
            scripts.push({
              url: response.url(),
              body,
              transferred: sizes.responseBodySize,
              encoding: response.headers()["content-encoding"] ?? "identity",
            });
          } catch {
            // a redirect or an aborted response has no body
          }
        })(),
      );
    });
    const started = Date.now();
    const response = await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    let composerMs = Number.NaN;
    try {
      await page.waitForSelector("textarea", { timeout: 15_000 });
      composerMs = Date.now() - started;
    } catch {
      // no composer: the page may not exist yet
    }
    await page.waitForLoadState("networkidle", { timeout: 15_000 }).catch(() => {});
    await Promise.all(pending);
    const html = response ? await response.text().catch(() => "") : "";
    const named = new Set(
      [...html.matchAll(/(?:src|href)="([^"]+\.js[^"]*)"/g)].map((m) => new URL(m[1].replaceAll("&amp;", "&"), url).pathname),
    );
    const measured = scripts.map((s) => ({
      url: s.url,
      raw: s.body.length,
      gzip: gzipSync(s.body, { level: 6 }).length,
      transferred: s.transferred,
      encoding: s.encoding,
      contains: recognise(s.body.toString("utf8")),
      initial: named.has(new URL(s.url).pathname),
    }));
    const initial = measured.filter((s) => s.initial);
    return {
      url,
      status: response?.status() ?? 0,
      finalUrl: page.url(),
      scripts: measured.length,
      rawBytes: measured.reduce((a, s) => a + s.raw, 0),
      gzipBytes: measured.reduce((a, s) => a + s.gzip, 0),
      initialScripts: initial.length,
      initialGzipBytes: initial.reduce((a, s) => a + s.gzip, 0),
      transferredBytes: measured.reduce((a, s) => a + s.transferred, 0),
      encodings: [...new Set(measured.map((s) => s.encoding))],
      largest: measured
        .sort((a, b) => b.gzip - a.gzip)
        .map((s) => ({ url: new URL(s.url).pathname, gzipBytes: s.gzip, contains: s.contains, initial: s.initial })),
      composerMs,
    };
  } finally {
    await browser.close();
  }
}

/**
 * Libraries a minified chunk visibly contains: strings their code carries (module names in
 * messages, class names, attributes), counted so that a passing mention does not count.
 */
const MARKERS: [string, RegExp, number][] = [
  ["react-dom", /react-dom|__reactContainer|onCompositionStart/g, 3],
  ["next runtime", /__next_f|next-router|NEXT_REDIRECT/g, 3],
  ["streamdown + markdown stack", /streamdown/gi, 5],
  ["micromark/mdast/hast", /micromark|mdast|hast/gi, 10],
  ["zod", /_zod|ZodError/g, 20],
  ["radix-ui/floating-ui", /radix|floating/gi, 5],
  ["sonner", /sonner/gi, 5],
  ["react-query", /QueryClient|queryKey/g, 10],
];

function recognise(code: string): string[] {
  return MARKERS.filter(([, pattern, atLeast]) => (code.match(pattern)?.length ?? 0) >= atLeast).map(([name]) => name);
}
