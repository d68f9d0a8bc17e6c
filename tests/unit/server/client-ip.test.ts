import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/server/env";
import { clientIp } from "@/lib/server/http/client-ip";
import { PEER_ADDRESS_HEADER } from "@/lib/server/http/peer-address";

const request = (headers: Record<string, string>) => new Request("http://app.test/", { headers });
const oneProxy = parseEnv({ TRUSTED_PROXY_HOPS: "1" });
const noProxy = parseEnv({});

describe("client address", () => {
  it("takes the entry the trusted proxy added, not what the client claims before it", () => {
    expect(clientIp(request({ "x-forwarded-for": "203.0.113.7, 198.51.100.2" }), oneProxy)).toBe("198.51.100.2");
    expect(clientIp(request({ "x-forwarded-for": "203.0.113.7, 198.51.100.2, 10.0.0.1" }), parseEnv({ TRUSTED_PROXY_HOPS: "2" }))).toBe(
      "198.51.100.2",
    );
    expect(clientIp(request({ "x-forwarded-for": "2001:db8::1" }), oneProxy)).toBe("2001:db8::1");
  });

  it("without a proxy (the default, 0) ignores X-Forwarded-For and X-Real-IP: the socket's address counts", () => {
    const forged = { "x-forwarded-for": "203.0.113.7", "x-real-ip": "203.0.113.8", [PEER_ADDRESS_HEADER]: "192.0.2.10" };
    expect(clientIp(request(forged), noProxy)).toBe("192.0.2.10");
    expect(clientIp(request(forged), parseEnv({ TRUSTED_PROXY_HOPS: "0" }))).toBe("192.0.2.10");
    expect(clientIp(request({ "x-forwarded-for": "203.0.113.7" }), noProxy)).toBe("local");
  });

  it("anything that is not an address is 'local': no forged keys, nothing oversized", () => {
    expect(clientIp(request({ "x-forwarded-for": "x".repeat(5000) }), oneProxy)).toBe("local");
    expect(clientIp(request({ "x-forwarded-for": "1.2.3.4, not-an-ip" }), oneProxy)).toBe("local");
    expect(clientIp(request({ [PEER_ADDRESS_HEADER]: "not-an-ip" }), noProxy)).toBe("local");
    expect(clientIp(request({}), noProxy)).toBe("local");
    expect(clientIp(undefined, noProxy)).toBe("local");
  });
});
