import { afterEach, describe, expect, it, vi } from "vitest";
import { appOrigin, crossOriginRefusal } from "@/lib/server/http/same-origin";
import { isJsonMediaType } from "@/lib/server/http/parse-body";

const post = (headers: Record<string, string>, url = "http://10.0.0.5:3000/api/conversations") =>
  new Request(url, { method: "POST", headers: { cookie: "authjs.session-token=x", ...headers } });

afterEach(() => vi.unstubAllEnvs());

describe("the same-origin rule for cookie requests", () => {
  it("behind a proxy, APP_URL is the origin; the internal Host does not count", async () => {
    vi.stubEnv("APP_URL", "https://handoff.example.com/");
    const internal = { host: "10.0.0.5:3000" };
    expect(appOrigin(post(internal))).toBe("https://handoff.example.com");
    expect(crossOriginRefusal(post({ ...internal, origin: "https://handoff.example.com" }), "/api/conversations")).toBeNull();
    expect(crossOriginRefusal(post({ ...internal, origin: "http://10.0.0.5:3000" }), "/api/conversations")?.status).toBe(403);
    expect(crossOriginRefusal(post({ ...internal, origin: "https://docs.handoff.example.com" }), "/api/conversations")?.status).toBe(403);
  });

  it("without APP_URL, the Host and the proxy's scheme make the origin", () => {
    vi.stubEnv("APP_URL", "");
    expect(appOrigin(post({ host: "app.example", "x-forwarded-proto": "https" }))).toBe("https://app.example");
    expect(
      crossOriginRefusal(post({ host: "app.example", "x-forwarded-proto": "https", origin: "https://app.example" }), "/api/x"),
    ).toBeNull();
  });

  it("asks nothing of reads, of requests without cookies, of Auth.js and of /api/v1", () => {
    const evil = { origin: "https://evil.example" };
    expect(crossOriginRefusal(new Request("http://a.test/api/x", { headers: { cookie: "c=1", ...evil } }), "/api/x")).toBeNull();
    expect(crossOriginRefusal(new Request("http://a.test/api/x", { method: "POST", headers: evil }), "/api/x")).toBeNull();
    expect(crossOriginRefusal(post(evil), "/api/auth/signout")).toBeNull();
    expect(crossOriginRefusal(post(evil), "/api/v1/inbox")).toBeNull();
    expect(crossOriginRefusal(post(evil), "/api/x")?.status).toBe(403);
  });
});

describe("the JSON media type", () => {
  it.each([
    ["application/json", true],
    ["application/json; charset=utf-8", true],
    [" Application/JSON ;charset=UTF-8", true],
    ["text/plain; application/json", false],
    ["text/plain", false],
    ["application/json-patch+json", false],
    ["", false],
    [null, false],
  ])("%j → %s", (value, expected) => expect(isJsonMediaType(value)).toBe(expected));
});
