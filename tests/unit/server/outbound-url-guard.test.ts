import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/server/env";
import { blockedRange, checkOutboundUrl, type LookupAll } from "@/lib/server/http/outbound-url-guard";
import { safeFetch, SafeFetchError } from "@/lib/server/http/safe-fetch";

const strict = { allowPrivate: false, allowPrivateVariable: "OUTBOUND_ALLOW_PRIVATE" };
const resolvesTo =
  (...addresses: string[]): LookupAll =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

describe("the outbound URL guard", () => {
  it.each([
    ["http://127.0.0.1/hook", "loopback"],
    ["http://127.1.2.3/hook", "loopback"],
    ["http://2130706433/hook", "loopback"],
    ["http://0x7f.1/hook", "loopback"],
    ["http://10.1.2.3/hook", "private"],
    ["http://172.16.0.1/hook", "private"],
    ["http://192.168.1.10/hook", "private"],
    ["http://169.254.169.254/latest/meta-data", "metadata"],
    ["http://169.254.1.1/", "linkLocal"],
    ["http://100.64.0.1/", "carrierGradeNat"],
    ["http://0.0.0.0:8080/", "unspecified"],
    ["http://224.0.0.1/", "multicast"],
    ["http://255.255.255.255/", "broadcast"],
    ["http://[::1]:8080/", "loopback"],
    ["http://[::]/", "unspecified"],
    ["http://[fe80::1]/", "linkLocal"],
    ["http://[fd00::1]/", "uniqueLocal"],
    ["http://[fd00:ec2::254]/latest/meta-data", "metadata"],
    ["http://[ff02::1]/", "multicast"],
    ["http://[::ffff:127.0.0.1]/", "loopback"],
    ["http://[::ffff:169.254.169.254]/", "metadata"],
    ["http://[::ffff:10.0.0.1]/", "private"],
  ])("refuses the literal address of %s (%s) without DNS", async (url, range) => {
    let looked = false;
    const verdict = await checkOutboundUrl(url, {
      ...strict,
      lookup: async () => {
        looked = true;
        return [];
      },
    });
    expect(verdict).toMatchObject({ ok: false, code: "private_address" });
    expect(!verdict.ok && verdict.reason).toMatch(/private, loopback, link-local or metadata address .* OUTBOUND_ALLOW_PRIVATE=1/);
    expect(looked).toBe(false);
    expect(blockedRange(new URL(url).hostname.replace(/^\[|\]$/g, ""))).toBe(range);
  });

  it("accepts public addresses, literal or resolved", async () => {
    expect(await checkOutboundUrl("https://93.184.216.34/hook", strict)).toMatchObject({ ok: true });
    expect(await checkOutboundUrl("https://[2606:4700::1111]/hook", strict)).toMatchObject({ ok: true });
    const verdict = await checkOutboundUrl("https://hooks.example.com/in", { ...strict, lookup: resolvesTo("93.184.216.34") });
    expect(verdict).toMatchObject({ ok: true, addresses: [{ address: "93.184.216.34", family: 4 }] });
  });

  it("refuses a host name when any of its addresses is private", async () => {
    const verdict = await checkOutboundUrl("https://hooks.example.com/in", {
      ...strict,
      lookup: resolvesTo("93.184.216.34", "2606:4700::1111", "10.0.0.7"),
    });
    expect(verdict).toMatchObject({ ok: false, code: "private_address" });
    expect(!verdict.ok && verdict.reason).toContain("(10.0.0.7)");
  });

  it("refuses a name that resolves to the metadata address over IPv4-mapped IPv6", async () => {
    const verdict = await checkOutboundUrl("https://sneaky.example.com/", { ...strict, lookup: resolvesTo("::ffff:a9fe:a9fe") });
    expect(verdict).toMatchObject({ ok: false, code: "private_address" });
  });

  it("refuses schemes other than http(s), credentials in the URL, bad URLs and names that do not resolve", async () => {
    expect(await checkOutboundUrl("ftp://93.184.216.34/x", strict)).toMatchObject({ ok: false, code: "unsupported_scheme" });
    expect(await checkOutboundUrl("file:///etc/passwd", strict)).toMatchObject({ ok: false, code: "unsupported_scheme" });
    expect(await checkOutboundUrl("https://user:pw@93.184.216.34/x", strict)).toMatchObject({ ok: false, code: "credentials_in_url" });
    expect(await checkOutboundUrl("https://token@93.184.216.34/x", strict)).toMatchObject({ ok: false, code: "credentials_in_url" });
    expect(await checkOutboundUrl("not a url", strict)).toMatchObject({ ok: false, code: "invalid_url" });
    expect(await checkOutboundUrl("https://gone.example.com/", { ...strict, lookup: resolvesTo() })).toMatchObject({
      ok: false,
      code: "unresolvable",
    });
    const failing: LookupAll = async () => {
      throw new Error("ENOTFOUND");
    };
    expect(await checkOutboundUrl("https://gone.example.com/", { ...strict, lookup: failing })).toMatchObject({
      ok: false,
      code: "unresolvable",
    });
  });

  it("the operator's switch allows private addresses, and the URL rules still hold", async () => {
    const open = { allowPrivate: true, allowPrivateVariable: "OUTBOUND_ALLOW_PRIVATE" };
    expect(await checkOutboundUrl("http://127.0.0.1:4000/hook", open)).toMatchObject({ ok: true, addresses: [{ address: "127.0.0.1" }] });
    expect(await checkOutboundUrl("http://[::1]:4000/hook", open)).toMatchObject({ ok: true, addresses: [{ address: "::1", family: 6 }] });
    expect(await checkOutboundUrl("http://u:p@127.0.0.1/", open)).toMatchObject({ ok: false, code: "credentials_in_url" });
  });

  it("the operator's switch never opens the cloud metadata address, literal or behind a name", async () => {
    const open = { allowPrivate: true, allowPrivateVariable: "OUTBOUND_ALLOW_PRIVATE" };
    expect(await checkOutboundUrl("http://169.254.169.254/latest/meta-data/", open)).toMatchObject({ ok: false, code: "private_address" });
    expect(await checkOutboundUrl("http://[fd00:ec2::254]/", open)).toMatchObject({ ok: false, code: "private_address" });
    expect(await checkOutboundUrl("http://169.254.170.2/v2/credentials", open)).toMatchObject({ ok: false, code: "private_address" });
    const rebound = { ...open, lookup: async () => [{ address: "169.254.169.254", family: 4 as const }] };
    expect(await checkOutboundUrl("http://metadata.example/", rebound)).toMatchObject({ ok: false, code: "private_address" });
    expect(await checkOutboundUrl("http://10.0.0.5/", open)).toMatchObject({ ok: true });
  });
});

describe("safeFetch", () => {
  const allowed = parseEnv({ OUTBOUND_ALLOW_PRIVATE: "1" });
  const refused = parseEnv({});
  const limits = { timeoutMs: 2000, maxBodyBytes: 64 * 1024, env: allowed };
  let server: http.Server;
  let base: string;
  let port: number;
  const seen: { url: string; host: string | undefined; body: string; method: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        seen.push({ url: request.url ?? "", host: request.headers.host, body, method: request.method ?? "" });
        if (request.url === "/redirect") {
          response.writeHead(302, { location: `http://127.0.0.1:${port}/secret` }).end("moved");
        } else if (request.url === "/slow") {
          setTimeout(() => response.writeHead(200).end("late"), 1500).unref();
        } else if (request.url === "/trickle") {
          response.writeHead(200);
          response.write("start ");
          // never ends: the timeout must still fire while the body is being read
        } else if (request.url === "/big") {
          response.writeHead(200, { "content-type": "text/plain" });
          response.end("x".repeat(200_000));
        } else if (request.url === "/secret") {
          response.writeHead(200).end("the metadata credentials");
        } else {
          response.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ got: body }));
        }
      });
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    server.close();
  });

  it("posts to a local receiver when the operator allows private targets", async () => {
    const response = await safeFetch(
      `${base}/hook?x=1`,
      { method: "POST", headers: { "content-type": "application/json" }, body: '{"a":1}' },
      limits,
    );
    expect(response).toMatchObject({ status: 201, truncated: false, address: "127.0.0.1" });
    expect(JSON.parse(response.body.toString())).toEqual({ got: '{"a":1}' });
    expect(seen.at(-1)).toMatchObject({ url: "/hook?x=1", method: "POST", body: '{"a":1}' });
  });

  it("refuses the same receiver without the switch, before any connection", async () => {
    const before = seen.length;
    const error = await safeFetch(`${base}/hook`, { method: "POST", body: "{}" }, { ...limits, env: refused }).catch((caught) => caught);
    expect(error).toBeInstanceOf(SafeFetchError);
    expect(error).toMatchObject({ code: "private_address" });
    expect(error.message).toContain("OUTBOUND_ALLOW_PRIVATE=1");
    expect(seen.length).toBe(before);
  });

  it("refuses a host name that resolves to a private address", async () => {
    const before = seen.length;
    const error = await safeFetch(
      `http://receiver.example.com:${port}/hook`,
      { method: "POST", body: "{}" },
      { ...limits, env: refused, lookup: resolvesTo("127.0.0.1") },
    ).catch((caught) => caught);
    expect(error).toMatchObject({ code: "private_address" });
    expect(seen.length).toBe(before);
  });

  it("connects to the address it vetted, never resolving the name again (DNS rebinding)", async () => {
    const answers = ["127.0.0.1", "10.255.255.1"];
    let lookups = 0;
    const rebinding: LookupAll = async () => [{ address: answers[Math.min(lookups++, 1)], family: 4 }];
    const response = await safeFetch(`http://receiver.example.com:${port}/pinned`, {}, { ...limits, lookup: rebinding });
    expect(response).toMatchObject({ status: 201, address: "127.0.0.1" });
    expect(lookups).toBe(1);
    // Host keeps the name: the receiver sees the URL it was configured with.
    expect(seen.at(-1)).toMatchObject({ url: "/pinned", host: `receiver.example.com:${port}` });
  });

  it("returns a redirect as it is and never follows it", async () => {
    const before = seen.length;
    const response = await safeFetch(`${base}/redirect`, {}, limits);
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe(`http://127.0.0.1:${port}/secret`);
    expect(seen.slice(before).map((request) => request.url)).toEqual(["/redirect"]);
  });

  it("times out a slow server, and a body that never ends", async () => {
    for (const path of ["/slow", "/trickle"]) {
      const started = Date.now();
      const error = await safeFetch(`${base}${path}`, {}, { ...limits, timeoutMs: 200 }).catch((caught) => caught);
      expect(error).toBeInstanceOf(SafeFetchError);
      expect(error).toMatchObject({ code: "timeout" });
      expect(Date.now() - started).toBeLessThan(1200);
    }
  });

  it("reads at most maxBodyBytes and keeps the first 1 KB for the log", async () => {
    const response = await safeFetch(`${base}/big`, {}, { ...limits, maxBodyBytes: 5000 });
    expect(response).toMatchObject({ status: 200, truncated: true });
    expect(response.body.length).toBe(5000);
    expect(response.preview).toBe("x".repeat(1024));
  });

  it("reports a refused connection as a network error", async () => {
    const closed = http.createServer();
    closed.listen(0, "127.0.0.1");
    await once(closed, "listening");
    const unused = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, "close");
    const error = await safeFetch(`http://127.0.0.1:${unused}/`, {}, limits).catch((caught) => caught);
    expect(error).toMatchObject({ code: "network" });
  });

  it("stops when the caller aborts", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await safeFetch(`${base}/slow`, { signal: controller.signal }, limits).catch((caught) => caught);
    expect(error).toMatchObject({ code: "aborted" });
  });
});
