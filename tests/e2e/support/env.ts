import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    appBaseURL: string;
    appDatabaseUrl: string;
  }
}

/** The production server started by tests/e2e/global-setup.ts. */
export const appBaseURL = () => inject("appBaseURL");
export const appDatabaseUrl = () => inject("appDatabaseUrl");
