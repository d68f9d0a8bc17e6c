import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENV_VARIABLES, EnvError, parseEnv } from "@/lib/server/env";

/** The README's configuration table as variable → meaning; a row may name several variables ("`A` / `B`"). */
function readmeTable(): Map<string, string> {
  const readme = readFileSync(path.join(import.meta.dirname, "../../../README.md"), "utf8");
  const section = readme.split("## Configuration")[1].split("\n## ")[0];
  const rows = new Map<string, string>();
  for (const line of section.split("\n")) {
    const cells = line.match(/^\| (.+?) \| (.+) \|$/);
    if (!cells || cells[1] === "variable" || cells[1].startsWith("---")) continue;
    for (const name of cells[1].matchAll(/`([A-Z0-9_]+)`/g)) rows.set(name[1], cells[2]);
  }
  return rows;
}

describe("the environment module", () => {
  it("and the README's configuration table name the same variables with the same meaning", () => {
    const table = readmeTable();
    const declared = Object.fromEntries(Object.entries(ENV_VARIABLES).map(([name, variable]) => [name, variable.description]));
    expect(Object.fromEntries(table)).toEqual(declared);
  });

  it("fills defaults and reads numbers and flags", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      RUN_LEASE_MS: 30_000,
      SSE_HEARTBEAT_MS: 15_000,
      BACKGROUND_JOBS_INTERVAL_MS: 10_000,
      MESSAGE_RATE_LIMIT_PER_MINUTE: 60,
      TRUSTED_PROXY_HOPS: 0,
      LOG_LEVEL: "info",
      ALLOW_PRIVATE_MODEL_URLS: false,
    });
    expect(env.DEMO_MODEL_WORD_DELAY_MS).toBeUndefined();
    expect(parseEnv({ RUN_LEASE_MS: "1000", ALLOW_PRIVATE_MODEL_URLS: "Yes", DEMO_MODEL_WORD_DELAY_MS: "0" })).toMatchObject({
      RUN_LEASE_MS: 1000,
      ALLOW_PRIVATE_MODEL_URLS: true,
      DEMO_MODEL_WORD_DELAY_MS: 0,
    });
  });

  it("treats an empty value as unset", () => {
    expect(parseEnv({ APP_URL: "", RUN_LEASE_MS: " " })).toMatchObject({ APP_URL: undefined, RUN_LEASE_MS: 30_000 });
  });

  it("refuses a bad value with a sentence naming the variable and what it must be", () => {
    expect(() => parseEnv({ RUN_LEASE_MS: "abc" })).toThrow(EnvError);
    expect(() => parseEnv({ RUN_LEASE_MS: "abc" })).toThrow(
      'RUN_LEASE_MS must be a whole number of milliseconds, at least 500, not "abc".',
    );
    expect(() => parseEnv({ RUN_LEASE_MS: "100" })).toThrow(/RUN_LEASE_MS must be .* at least 500, not "100"/);
    expect(() => parseEnv({ APP_URL: "handoff.example.com" })).toThrow(/APP_URL must be an absolute URL/);
    expect(() => parseEnv({ ALLOW_PRIVATE_MODEL_URLS: "maybe" })).toThrow(/ALLOW_PRIVATE_MODEL_URLS must be 1, true or yes/);
  });

  it("names every bad variable at once", () => {
    const message = (() => {
      try {
        parseEnv({ SSE_HEARTBEAT_MS: "soon", LOG_LEVEL: "loud" });
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toMatch(/SSE_HEARTBEAT_MS must be/);
    expect(message).toMatch(/LOG_LEVEL must be debug, info, warn or error, not "loud"/);
  });

  it("refuses at start a setting that lacks the variables it needs, naming them", () => {
    expect(() => parseEnv({ ATTACHMENT_STORE: "s3", S3_BUCKET: "files" })).toThrow(
      /ATTACHMENT_STORE=s3 needs S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY\./,
    );
    expect(parseEnv({ ATTACHMENT_STORE: "s3", S3_BUCKET: "files", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s" }).S3_BUCKET).toBe(
      "files",
    );
  });
});
