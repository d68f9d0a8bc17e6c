import { readFileSync, readdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { HttpClient, createAccount, type TestAccount } from "../support/http-client";
import { appBaseURL } from "../support/env";

type ErrorBody = { error: { code: string; message: string } };

/** A raw request: fetch normalises paths, refuses TRACE and always frames bodies itself. */
function raw(options: { method?: string; path: string; headers?: Record<string, string>; body?: () => AsyncIterable<Buffer> }) {
  const base = new URL(appBaseURL());
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const request = http.request(
      { host: base.hostname, port: base.port, method: options.method ?? "GET", path: options.path, headers: options.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, headers: response.headers, text: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    request.on("error", reject);
    if (!options.body) return request.end();
    void (async () => {
      for await (const chunk of options.body!()) if (!request.write(chunk)) await new Promise((r) => request.once("drain", r));
      request.end();
    })().catch(() => request.destroy());
  });
}

const cookieOf = (account: TestAccount) => `authjs.session-token=${account.client.cookie("authjs.session-token")}`;
const errorCode = (text: string) => (JSON.parse(text) as ErrorBody).error.code;

let account: TestAccount;
beforeAll(async () => {
  account = await createAccount(appBaseURL(), "hardening");
});

const conversationCount = async () =>
  (await account.client.json<{ conversations: unknown[] }>(`/api/conversations?org=${account.orgSlug}`)).body.conversations.length;

describe("CSRF from another origin", () => {
  it("refuses a cookie request from another origin (also a sibling port) with 403 JSON, and changes nothing", async () => {
    const before = await conversationCount();
    const sibling = new URL(appBaseURL());
    sibling.port = String(Number(sibling.port) + 1);
    const cases: Record<string, string>[] = [
      { origin: sibling.origin },
      { origin: "https://evil.example" },
      { origin: "null" },
      { origin: "", "sec-fetch-site": "same-site" },
      { origin: "" },
    ];
    for (const headers of cases) {
      const { status, body } = await account.client.json<ErrorBody>(`/api/conversations?org=${account.orgSlug}`, {
        json: { title: "forged" },
        headers,
      });
      expect(status, JSON.stringify(headers)).toBe(403);
      expect(body.error.code).toBe("cross_origin_request");
    }
    expect(await conversationCount()).toBe(before);
  });

  // The proxy does not run for /api, so the rule lives in `route()`: a route file whose write handler
  // skipped it would answer with its own 401/404/422 here, having run.
  it("refuses a cross-origin cookie write to every API route file's every write method before the route runs", async () => {
    const files = readdirSync("app/api", { recursive: true, encoding: "utf8" }).filter((file) => path.basename(file) === "route.ts");
    const exempt = /^(auth|v1)\//;
    let refused = 0;
    for (const file of files) {
      const source = readFileSync(path.join("app/api", file), "utf8");
      const url = `/api/${path
        .dirname(file)
        .replace(/\[\.\.\.\w+\]/g, "x/y")
        .replace(/\[\w+\]/g, "x")}`;
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
        const implemented = new RegExp(
          `export (const|async function|function) ${method}\\b(?! = notFound)|export const \\{[^}]*\\b${method}\\b[^}]*\\} = (?!methodNotAllowed)`,
        ).test(source);
        const response = await raw({ method, path: url, headers: { cookie: cookieOf(account), origin: "https://evil.example" } });
        if (implemented && !exempt.test(file)) {
          expect(response.status, `${method} ${url}`).toBe(403);
          expect(errorCode(response.text), `${method} ${url}`).toBe("cross_origin_request");
          refused++;
        } else {
          // A method the file lacks (405), an address no route claims (404), Auth.js's and /api/v1's own answers: never a write.
          expect([400, 401, 404, 405], `${method} ${url}`).toContain(response.status);
        }
      }
    }
    expect(refused).toBeGreaterThan(70);
  });

  it("lets the app's own origin (or Sec-Fetch-Site: same-origin) through, and Auth.js's own POSTs and /api/v1 are not asked", async () => {
    expect((await account.client.json(`/api/conversations?org=${account.orgSlug}`, { json: {} })).status).toBe(201);
    expect(
      (
        await account.client.json(`/api/conversations?org=${account.orgSlug}`, {
          json: {},
          headers: { origin: "", "sec-fetch-site": "same-origin" },
        })
      ).status,
    ).toBe(201);
    const signOut = await account.client.json("/api/auth/signout", {
      method: "POST",
      body: "",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
    });
    expect(signOut.status).not.toBe(403); // Auth.js refuses it with its own CSRF token check
    expect((await account.client.json("/api/v1/anything", { json: {}, headers: { origin: "https://evil.example" } })).status).not.toBe(403);
  });

  it("takes JSON bodies only as application/json, also when the body is empty", async () => {
    const path = `/api/conversations?org=${account.orgSlug}`;
    for (const contentType of [
      "text/plain",
      "text/plain; application/json",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/jsonp",
      "",
    ]) {
      const headers: Record<string, string> = contentType ? { "content-type": contentType } : {};
      for (const body of ['{"title":"forged"}', ""]) {
        const response = await account.client.json<ErrorBody>(path, { method: "POST", body, headers });
        expect(response.status, `${contentType} ${body}`).toBe(415);
        expect(response.body.error.code).toBe("unsupported_media_type");
      }
    }
    expect(
      (await account.client.json(path, { method: "POST", body: "{}", headers: { "content-type": "Application/JSON; charset=utf-8" } }))
        .status,
    ).toBe(201);
  });
});

describe("security headers", () => {
  it("pages carry a nonce CSP that forbids framing, and the nonce is on the page's scripts", async () => {
    const response = await account.client.request(`/${account.orgSlug}`);
    expect(response.status).toBe(200);
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
    const again = await account.client.request(`/${account.orgSlug}`);
    expect(again.headers.get("content-security-policy")).not.toBe(csp); // a fresh nonce per response
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
  });

  it("API JSON is never stored and loads nothing; the sign-in page has the CSP too", async () => {
    const api = await account.client.request(`/api/orgs`);
    expect(api.headers.get("cache-control")).toBe("no-store");
    expect(api.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
    expect(api.headers.get("x-content-type-options")).toBe("nosniff");
    const signIn = await fetch(`${appBaseURL()}/sign-in`);
    expect(signIn.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(signIn.headers.get("strict-transport-security")).toBeNull(); // served over http without an https APP_URL
  });
});

describe("open redirects after sign-in", () => {
  const hostile = [
    "/%09/evil.example",
    "/%0a/evil.example",
    "/%0d/evil.example",
    "//evil.example",
    "/%5Cevil.example",
    "https://evil.example",
    "/.//evil.example",
  ];

  it("a signed-in visit of /sign-in with a hostile callbackUrl stays on the app", async () => {
    for (const callback of hostile) {
      const response = await account.client.request(`/sign-in?callbackUrl=${callback}`);
      expect(response.status, callback).toBe(307);
      const location = new URL(response.headers.get("location")!, appBaseURL());
      expect(location.origin, callback).toBe(new URL(appBaseURL()).origin);
      expect(location.pathname, callback).toBe("/app");
    }
  });

  it("Auth.js does not follow a hostile callbackUrl when signing in", async () => {
    const fresh = await createAccount(appBaseURL(), "redirect");
    for (const callbackUrl of ["https://evil.example/", "/\t/evil.example", "//evil.example"]) {
      const client = new HttpClient(appBaseURL());
      const { body } = await client.json<{ csrfToken: string }>("/api/auth/csrf");
      const form = new URLSearchParams({ csrfToken: body.csrfToken, email: fresh.email, password: fresh.password, callbackUrl });
      const response = await client.request("/api/auth/callback/credentials", {
        method: "POST",
        body: form.toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(client.hasSession(), callbackUrl).toBe(true);
      // Auth.js answers with its configured AUTH_URL (localhost), the app all the same.
      const location = new URL(response.headers.get("location")!, appBaseURL());
      expect(location.port, callbackUrl).toBe(new URL(appBaseURL()).port);
      expect(location.pathname, callbackUrl).toBe("/app");
    }
  });
});

describe("every /api answer is JSON", () => {
  it("a malformed path escape gets a 4xx, not a 500 or an HTML page", async () => {
    for (const path of ["/api/conversations/%ZZ", "/api/conversations/%ED%A0%80", "/api/%ZZ", "/api/orgs/%ED%A0%80/audit"]) {
      const response = await raw({ path, headers: { cookie: cookieOf(account) } });
      expect(response.status, path).toBe(400);
      expect(errorCode(response.text), path).toBe("invalid_path");
    }
  });

  it("a method a route lacks gets 405 JSON with Allow; OPTIONS lists the real methods", async () => {
    const put = await account.client.json<ErrorBody>("/api/conversations", { method: "PUT", json: {} });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, HEAD, OPTIONS, POST");
    expect(put.body.error.code).toBe("method_not_allowed");
    const get = await account.client.json<ErrorBody>("/api/signup");
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("OPTIONS, POST");
    const options = await account.client.request("/api/conversations", { method: "OPTIONS" });
    expect(options.headers.get("allow")).toBe("GET, HEAD, OPTIONS, POST");
  });

  it("TRACE gets 405 JSON with Allow and never echoes the request", async () => {
    for (const method of ["TRACE"]) {
      const response = await raw({ method, path: "/api/conversations", headers: { cookie: cookieOf(account) } });
      expect(response.status, method).toBe(405);
      expect(response.headers["content-type"], method).toContain("application/json");
      expect(response.headers.allow, method).toContain("GET");
      expect(errorCode(response.text), method).toBe("method_not_allowed");
      expect(response.text).not.toContain(account.client.cookie("authjs.session-token")!);
    }
  });

  it("methods Next does not route get 501 JSON", async () => {
    // A name Node's HTTP parser does not know (FOO) never reaches Next: Node answers 400 itself.
    for (const method of ["PROPFIND", "PURGE", "MKCOL"]) {
      const response = await raw({
        method,
        path: "/api/conversations",
        headers: { cookie: cookieOf(account), origin: new URL(appBaseURL()).origin },
      });
      expect(response.status, method).toBe(501);
      expect(errorCode(response.text), method).toBe("method_not_implemented");
    }
  });

  it("an unknown API path gets 404 JSON for every method", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const { status, body, headers } = await account.client.json<ErrorBody>(
        "/api/no-such-thing/at/all",
        method === "GET" ? {} : { method, json: {} },
      );
      expect(status, method).toBe(404);
      expect(headers.get("content-type")).toContain("application/json");
      expect(body.error.code).toBe("not_found");
    }
  });

  it("a crafted cursor on a paginated list gets 422", async () => {
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const cursors = [
      "%ZZ",
      "not-a-cursor",
      forged(["2020-01-01T00:00:00.000Z", "a\u0000b"]),
      forged(["-000001-01-01T00:00:00.000Z", "x"]),
      forged([1, 2]),
      forged("x".repeat(40)),
    ];
    for (const cursor of cursors) {
      const list = await account.client.json<ErrorBody>(`/api/conversations?org=${account.orgSlug}&cursor=${cursor}`);
      expect(list.status, cursor).toBe(422);
    }
    for (const cursor of ["a%00b", "x".repeat(65), "a-b", "%ZZ"]) {
      const audit = await account.client.json<ErrorBody>(`/api/orgs/${account.orgSlug}/audit?cursor=${cursor}`);
      expect(audit.status, cursor).toBe(422);
    }
    const { body } = await account.client.json<{ conversation: { id: string } }>(`/api/conversations?org=${account.orgSlug}`, { json: {} });
    for (const after of ["-1", "1e3", "99999999999999999999", "abc"]) {
      const events = await account.client.json<ErrorBody>(`/api/conversations/${body.conversation.id}/events?after=${after}`);
      expect(events.status, after).toBe(422);
    }
  });

  it("a chunked body over the cap gets 413 before it is all read", async () => {
    const response = await raw({
      method: "POST",
      // Creating an organization takes a small JSON body (a conversation's create takes a first message, up to 10 MB).
      path: "/api/orgs",
      headers: {
        cookie: cookieOf(account),
        origin: new URL(appBaseURL()).origin,
        "content-type": "application/json",
        "transfer-encoding": "chunked",
      },
      body: async function* () {
        yield Buffer.from('{"name":"');
        for (let i = 0; i < 200; i++) yield Buffer.alloc(1024, "a");
        yield Buffer.from('"}');
      },
    });
    expect(response.status).toBe(413);
    expect(errorCode(response.text)).toBe("payload_too_large");
  });
});
