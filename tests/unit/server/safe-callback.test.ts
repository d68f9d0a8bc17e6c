import { describe, expect, it } from "vitest";
import { safeCallbackUrl } from "@/lib/server/auth/safe-callback";

const APP = "http://app.test:3000";

describe("safeCallbackUrl", () => {
  it.each([
    "/\t/evil.example", // what ?callbackUrl=/%09/evil.example decodes to: browsers drop the tab
    "/\n/evil.example",
    "/\r/evil.example",
    "/\r\nLocation: https://evil.example",
    "/\u0000/evil.example",
    "/\u007f/evil.example",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/./evil.example/..//evil.example",
    "/.//evil.example",
    "https://evil.example/app",
    "http://app.test:3001/app", // same host, another port: another origin
    "https://app.test:3000/app", // another scheme
    "http://app.test:3000@evil.example/",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    " https://evil.example",
    "",
  ])("refuses %j", (hostile) => {
    expect(safeCallbackUrl(hostile, "/app", APP)).toBe("/app");
    expect(safeCallbackUrl(hostile)).toBe("/app");
  });

  it("keeps a path on the app, with its query and hash", () => {
    expect(safeCallbackUrl("/demo/c/abc?x=1#end", "/app", APP)).toBe("/demo/c/abc?x=1#end");
    expect(safeCallbackUrl("/invite/tok%2Fen")).toBe("/invite/tok%2Fen");
    expect(safeCallbackUrl("/a/../b", "/app", APP)).toBe("/b");
    expect(safeCallbackUrl("evil.example", "/app", APP)).toBe("/evil.example"); // a path on the app, not a host
  });

  it("accepts an absolute URL on the app's own origin, as Auth.js passes them", () => {
    expect(safeCallbackUrl(`${APP}/demo/settings`, "/app", APP)).toBe("/demo/settings");
  });

  it("takes the first of repeated query values and falls back when there is none", () => {
    expect(safeCallbackUrl(["/first", "//evil.example"])).toBe("/first");
    expect(safeCallbackUrl(undefined, "/home")).toBe("/home");
  });
});
