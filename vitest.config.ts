import { defineConfig } from "vitest/config";
import path from "node:path";

// `server-only` throws outside a react-server build; Next resolves it for the app, tests import those modules directly.
const alias = {
  "@": path.resolve(import.meta.dirname),
  "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { resolve: { alias }, test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" } },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/integration/global-setup.ts"],
          setupFiles: ["tests/integration/per-file-database.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // PostgreSQL restarted and crashed under the app's code (issue 17): its own server, one file at a time.
        resolve: { alias },
        test: {
          name: "outage",
          include: ["tests/outage/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/outage/global-setup.ts"],
          setupFiles: ["tests/integration/per-file-database.ts"],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Real HTTP against the production build and real Chromium: run `next build` first.
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A condition polled in a browser (hydration, a focus, a clipboard) can take seconds on two busy
          // cores; vitest's default of 1 s made such waits fail while the page was still loading.
          expect: { poll: { timeout: 15_000 } },
          // Browser tests share one server and two cores: keep files from starving each other.
          maxWorkers: 2,
        },
      },
    ],
  },
});
