import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { AnthropicAdapter } from "@/lib/models/anthropic-adapter";
import { createAiSdkAdapter } from "@/lib/models/ai-sdk-providers";
import { modelConfigSchema } from "@/lib/models/model-config";
import { ModelError } from "@/lib/models/model-error";
import { DEFAULT_AGENT_SETTINGS } from "@/lib/server/agent/defaults";
import { modelFetch } from "@/lib/server/agent/model-fetch";
import { buildTenantModel } from "@/lib/server/agent/settings";
import { parseEnv } from "@/lib/server/env";
import type { LookupAll } from "@/lib/server/http/outbound-url-guard";
import { modelFailure } from "@/tests/support/model-failure";
import { anthropicText, startFakeAnthropic, type FakeAnthropicServer } from "@/tests/support/fake-providers/anthropic";
import { openaiText, startFakeOpenAI, type FakeOpenAIServer } from "@/tests/support/fake-providers/openai";

/**
 * The SDKs resolve a model's host name when they connect, after the base URL was checked. The
 * fakes on 127.0.0.1 stand in for a service on the private network; an injected resolver plays a
 * name that answers with a private address by then (DNS rebinding).
 */

let anthropic: FakeAnthropicServer;
let openai: FakeOpenAIServer;

beforeAll(async () => {
  [anthropic, openai] = await Promise.all([startFakeAnthropic(), startFakeOpenAI()]);
  anthropic.setDefaultReply(anthropicText("Answered by the private service."));
  openai.setDefaultReply(openaiText("Answered by the private service."));
});
afterAll(() => Promise.all([anthropic.close(), openai.close()]));
beforeEach(() => {
  anthropic.requests.length = 0;
  openai.requests.length = 0;
});

const HI = { messages: [{ sender: "user" as const, text: "Hi" }] };
const port = (url: string) => new URL(url).port;

function resolvingTo(address: string) {
  const asked: string[] = [];
  const lookup: LookupAll = async (host) => (asked.push(host), [{ address, family: 4 }]);
  return { lookup, asked };
}

describe("the server's model fetch vets every connection's address", () => {
  test("Anthropic: a name that resolves to a private address at connect is refused, not retried, and the service gets nothing", async () => {
    const { lookup, asked } = resolvingTo("127.0.0.1");
    const fetch = modelFetch({ allowPrivate: false, lookup });

    const error = await modelFailure(
      new AnthropicAdapter({
        model: "claude-test",
        apiKey: "sk-ant-secret",
        baseURL: `http://models.example:${port(anthropic.url)}`,
        fetch,
      }),
    );

    expect(error.kind).toBe("address_refused");
    expect(error.message).toBe(
      "The base URL of Anthropic resolves to an address agents may not reach (private, loopback, link-local or the cloud metadata address). Check the base URL in agent settings.",
    );
    expect(anthropic.requests).toHaveLength(0);
    expect(asked).toEqual(["models.example"]);
  });

  test("an OpenAI-compatible server through the AI SDK: the same", async () => {
    const { lookup } = resolvingTo("10.0.0.7");
    const fetch = modelFetch({ allowPrivate: false, lookup });

    const error = await modelFailure(
      createAiSdkAdapter({
        provider: "openai-compatible",
        model: "local-model",
        baseURL: `http://models.example:${port(openai.url)}/v1`,
        apiKey: "sk-local",
        fetch,
      }),
    );

    expect(error.kind).toBe("address_refused");
    expect(openai.requests).toHaveLength(0);
  });

  test("with private addresses allowed, answers stream through both SDKs and a connection serves the next call", async () => {
    const { lookup, asked } = resolvingTo("127.0.0.1");
    const fetch = modelFetch({ allowPrivate: true, lookup });
    const claude = new AnthropicAdapter({
      model: "claude-test",
      apiKey: "sk-ant",
      baseURL: `http://models.example:${port(anthropic.url)}`,
      fetch,
    });
    const local = createAiSdkAdapter({
      provider: "openai-compatible",
      model: "local-model",
      baseURL: `http://local.example:${port(openai.url)}/v1`,
      fetch,
    });
    const streamed: string[] = [];

    const first = await claude.prompt(HI, (name, data) => void (name === "text_delta" && streamed.push((data as { text: string }).text)));
    const second = await claude.prompt(HI, () => {});
    const third = await local.prompt(HI, () => {});

    expect(first.messages[0].text).toBe("Answered by the private service.");
    expect(streamed.join("")).toBe("Answered by the private service.");
    expect(second.messages[0].text).toBe("Answered by the private service.");
    expect(third.messages[0].text).toBe("Answered by the private service.");
    expect(anthropic.requests).toHaveLength(2);
    // The connection went to the vetted address; the request still names the host.
    expect(anthropic.requests[0].headers.host).toBe(`models.example:${port(anthropic.url)}`);
    // One lookup per connection: the second call to the same host reused the first one's.
    expect(asked).toEqual(["models.example", "local.example"]);
  });

  test("the cloud metadata address stays closed with private addresses allowed, by name and as a literal IP", async () => {
    const byName = await modelFailure(
      new AnthropicAdapter({
        model: "claude-test",
        apiKey: "sk-ant-secret",
        baseURL: "http://metadata.example",
        fetch: modelFetch({ allowPrivate: true, lookup: resolvingTo("169.254.169.254").lookup }),
      }),
    );
    const literal = await modelFailure(
      new AnthropicAdapter({
        model: "claude-test",
        apiKey: "sk-ant-secret",
        baseURL: "http://169.254.169.254",
        timeoutMs: 3_000,
        fetch: modelFetch({ allowPrivate: true }),
      }),
    );

    expect(byName.kind).toBe("address_refused");
    expect(literal.kind).toBe("address_refused");
  });

  test("a tenant's model is built with it: the metadata address is refused before any connection", async () => {
    const settings = {
      ...DEFAULT_AGENT_SETTINGS,
      providerKey: "sk-ant-tenant",
      notices: [],
      model: modelConfigSchema.parse({ provider: "anthropic", model: "claude-test", baseURL: "http://169.254.169.254" }),
    };

    const { model } = buildTenantModel(settings, parseEnv({ ALLOW_PRIVATE_MODEL_URLS: "1" }), { urlsChecked: true });
    const error = await model
      .prompt(HI, () => {})
      .then(
        () => undefined,
        (e: unknown) => e,
      );

    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).kind).toBe("address_refused");
  });
});
