import { describe, expect, it } from "vitest";
import { refuseModelUrl } from "@/lib/server/agent/model-url-guard";

const strict = {};

describe("model URL guard (SSRF)", () => {
  it.each([
    "http://127.0.0.1:11434/v1",
    "http://10.1.2.3/v1",
    "http://172.16.0.1/v1",
    "http://192.168.1.10/v1",
    "http://169.254.169.254/latest/meta-data",
    "http://100.64.0.1/v1",
    "http://0.0.0.0:8080",
    "http://[::1]:8080",
    "http://[fe80::1]/v1",
    "http://[fd00::1]/v1",
    "http://[::ffff:127.0.0.1]/v1",
    "http://localhost:11434/v1",
  ])("refuses %s", async (url) => {
    expect(await refuseModelUrl(url, strict)).toMatch(/private, loopback or link-local .* ALLOW_PRIVATE_MODEL_URLS=1/);
  });

  it("accepts public addresses", async () => {
    expect(await refuseModelUrl("https://93.184.216.34/v1", strict)).toBeNull();
    expect(await refuseModelUrl("https://[2606:4700::1111]/v1", strict)).toBeNull();
  });

  it("an operator may allow private addresses", async () => {
    expect(await refuseModelUrl("http://127.0.0.1:11434/v1", { ALLOW_PRIVATE_MODEL_URLS: "1" })).toBeNull();
    expect(await refuseModelUrl("http://127.0.0.1:11434/v1", { ALLOW_PRIVATE_MODEL_URLS: "0" })).not.toBeNull();
  });

  it("a host that does not resolve is refused with a clear sentence", async () => {
    expect(await refuseModelUrl("https://no-such-host.invalid/v1", strict)).toMatch(/could not be resolved/);
  });
});
