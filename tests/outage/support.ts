// What the outage tests share: the server's controls, on the data directory global-setup.ts started.
import { inject } from "vitest";
import { restartPostgres, startPostgres, stopPostgres, type ShutdownMode } from "@/tooling/db/pg-ctl";

export const database = {
  restart: (mode: ShutdownMode = "fast") => restartPostgres(inject("postgresDataDir"), mode),
  stop: (mode: ShutdownMode = "immediate") => stopPostgres(inject("postgresDataDir"), mode),
  start: () => startPostgres(inject("postgresDataDir")),
};
