import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROUTE_METHODS, methodNotAllowed } from "@/lib/server/http/method-not-allowed";

const routeFiles = readdirSync("app/api", { recursive: true, encoding: "utf8" })
  .filter((file) => path.basename(file) === "route.ts")
  .map((file) => path.join("app/api", file));

describe("methods a route does not implement", () => {
  it("answer 405 JSON with Allow, and OPTIONS lists only the real ones", async () => {
    const handlers = methodNotAllowed("GET", "PATCH");
    expect(Object.keys(handlers).sort()).toEqual(["DELETE", "OPTIONS", "POST", "PUT"]);
    const response = handlers.DELETE();
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS, PATCH");
    expect((await response.json()).error.code).toBe("method_not_allowed");
    expect(handlers.OPTIONS().headers.get("allow")).toBe("GET, HEAD, OPTIONS, PATCH");
  });

  // Next answers a method a route file lacks with an empty 405; every route file opts out of that.
  it.each(routeFiles)("%s exports a handler for every method", async (file) => {
    const source = readFileSync(file, "utf8");
    for (const method of [...ROUTE_METHODS, "OPTIONS"]) {
      expect(source, `${file} ${method}`).toMatch(
        new RegExp(`export (const|function|async function) ${method}\\b|export const \\{[^}]*\\b${method}\\b`),
      );
    }
  });
});
