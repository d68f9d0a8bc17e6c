import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { repoRoot } from "@/tooling/db/embedded-postgres";

const CANDIDATES = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean) as string[];

// Flags that keep Chromium quiet on a machine with no network but loopback.
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const chromiumPath = CANDIDATES.find((p) => existsSync(p));

/**
 * Browser tests need Debian's Chromium. Without it they fail with instructions, unless the
 * person running them opted out explicitly with SKIP_BROWSER_TESTS=1.
 */
export const skipBrowser = !chromiumPath && process.env.SKIP_BROWSER_TESTS === "1";

export async function launchBrowser(): Promise<Browser> {
  if (!chromiumPath) {
    throw new Error(
      "Chromium was not found (looked at " +
        CANDIDATES.join(", ") +
        "). Install it with `apt-get install -y chromium`, set CHROMIUM_PATH, or set SKIP_BROWSER_TESTS=1 to skip browser tests.",
    );
  }
  return chromium.launch({ executablePath: chromiumPath, args: FLAGS });
}

const SCREENSHOTS = path.join(repoRoot, "test-results", "screenshots");

/** Saves a full-page screenshot under test-results/screenshots (git-ignored). */
export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}
