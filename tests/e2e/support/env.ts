import { readFileSync } from "node:fs";
import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    appBaseURL: string;
    appDatabaseUrl: string;
    appLogFile: string;
  }
}

/** The production server started by tests/e2e/global-setup.ts. */
export const appBaseURL = () => inject("appBaseURL");
export const appDatabaseUrl = () => inject("appDatabaseUrl");
/** What the shared server printed so far (for a failed test's message). */
export const appLog = () => readFileSync(inject("appLogFile"), "utf8");
