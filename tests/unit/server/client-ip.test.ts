import { describe, expect, it } from "vitest";
import { clientIp } from "@/lib/server/http/client-ip";

const request = (headers: Record<string, string>) => new Request("http://app.test/", { headers });

describe("client address", () => {
  it("takes the entry the trusted proxy added, not what the client claims before it", () => {
    expect(clientIp(request({ "x-forwarded-for": "203.0.113.7, 198.51.100.2" }), {})).toBe("198.51.100.2");
    expect(clientIp(request({ "x-forwarded-for": "203.0.113.7, 198.51.100.2, 10.0.0.1" }), { TRUSTED_PROXY_HOPS: "2" })).toBe("198.51.100.2");
    expect(clientIp(request({ "x-forwarded-for": "2001:db8::1" }), {})).toBe("2001:db8::1");
  });

  it("anything that is not an address is 'local': no forged keys, nothing oversized", () => {
    expect(clientIp(request({ "x-forwarded-for": "x".repeat(5000) }), {})).toBe("local");
    expect(clientIp(request({ "x-forwarded-for": "1.2.3.4, not-an-ip" }), {})).toBe("local");
    expect(clientIp(request({ "x-real-ip": "198.51.100.9" }), {})).toBe("198.51.100.9");
    expect(clientIp(request({}), {})).toBe("local");
    expect(clientIp(undefined, {})).toBe("local");
  });
});
