import { describe, expect, it } from "vitest";
import { Glove } from "@/lib/agent/agent";
import { MemoryStore } from "@/lib/agent/testing";
import { ScriptedModel } from "@/lib/models/testing";
import { guardModelUrls, refuseModelUrl } from "@/lib/server/agent/model-url-guard";
import { parseEnv } from "@/lib/server/env";

const strict = parseEnv({});

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
    expect(await refuseModelUrl("http://127.0.0.1:11434/v1", parseEnv({ ALLOW_PRIVATE_MODEL_URLS: "1" }))).toBeNull();
    expect(await refuseModelUrl("http://127.0.0.1:11434/v1", parseEnv({ ALLOW_PRIVATE_MODEL_URLS: "0" }))).not.toBeNull();
  });

  it("a host that does not resolve is refused with a clear sentence", async () => {
    expect(await refuseModelUrl("https://no-such-host.invalid/v1", strict)).toMatch(/could not be resolved/);
  });
});

describe("a model behind the URL guard", () => {
  const refusal =
    "The base URL http://10.0.0.7/v1 points to a private, loopback or link-local address (10.0.0.7), which agents may not reach.";

  it("fails the run with the guard's sentence and never calls the model", async () => {
    const inner = new ScriptedModel([{ text: "never said" }]);
    let checks = 0;
    const glove = new Glove({
      store: new MemoryStore("guarded"),
      model: guardModelUrls(inner, async () => (checks++, refusal)),
      systemPrompt: "x",
    }).build();
    const outcome = await glove.processRequest("hello");
    expect(outcome).toMatchObject({ status: "failed", error: refusal });
    expect(inner.requests).toHaveLength(0);
    expect(checks).toBe(1);
  });

  it("checks once, then lets every prompt through to the model", async () => {
    const inner = new ScriptedModel([{ text: "one" }, { text: "two" }]);
    let checks = 0;
    const glove = new Glove({
      store: new MemoryStore("allowed"),
      model: guardModelUrls(inner, async () => (checks++, null)),
      systemPrompt: "x",
    }).build();
    expect(await glove.processRequest("first")).toMatchObject({ status: "completed", reply: { text: "one" } });
    expect(await glove.processRequest("second")).toMatchObject({ status: "completed", reply: { text: "two" } });
    expect(checks).toBe(1);
    expect(inner.requests).toHaveLength(2);
  });
});
