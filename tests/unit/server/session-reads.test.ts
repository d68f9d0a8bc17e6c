import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Only the route builders' session resolver, the pages' `currentUser` and the proxy read the
// session cookie; everything else gets its principal from a builder's context, so an API key or
// a capability token can stand in for a user by adding one resolver (lib/server/http/route-builders.ts).
const ALLOWED: Record<string, RegExp> = {
  "lib/server/http/route-builders.ts": /sessionClaim/,
  "lib/server/auth/session.ts": /next\/headers|sessionClaim/,
  "lib/server/auth/session-token.ts": /sessionUserIdFromCookies|sessionClaim/,
  "proxy.ts": /sessionUserIdFromCookies/,
  // The CSP nonce, not the session.
  "app/layout.tsx": /next\/headers/,
};
const SESSION_READS = /from "next\/headers"|\bcookies\(\)|\bsessionUserIdFromCookies\b|\bsessionClaim\b/;

const sources = ["app", "components", "lib"]
  .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: "utf8" }).map((file) => path.join(dir, file)))
  .filter((file) => /\.tsx?$/.test(file) && !file.includes("/generated/"))
  .concat(["proxy.ts", "instrumentation.ts"]);

describe("the session cookie is read only by the builders, the pages' session read and the proxy", () => {
  it.each(sources)("%s", (file) => {
    const lines = readFileSync(file, "utf8")
      .split("\n")
      .filter((line) => SESSION_READS.test(line));
    const allowed = ALLOWED[file];
    for (const line of lines) expect(allowed && allowed.test(line), `${file}: ${line.trim()}`).toBe(true);
  });
});
