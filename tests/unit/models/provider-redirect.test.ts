import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { AnthropicAdapter } from "@/lib/models/anthropic-adapter";
import { createAiSdkAdapter } from "@/lib/models/ai-sdk-providers";
import { ProviderCooldowns } from "@/lib/models/provider-cooldowns";
import { withReliability } from "@/lib/models/reliability";
import { modelFetch } from "@/lib/server/agent/model-fetch";
import { modelFailure } from "@/tests/support/model-failure";
import { anthropicText, startFakeAnthropic, type FakeAnthropicServer } from "@/tests/support/fake-providers/anthropic";
import { openaiText, startFakeOpenAI, type FakeOpenAIServer } from "@/tests/support/fake-providers/openai";

/**
 * A base URL that passed the SSRF guard can still answer with a redirect to where the guard
 * would never let it point (here: the fake providers stand in for an internal service that
 * would answer). The providers are called with redirects refused: the internal address gets
 * nothing, and the person reads what to change.
 */

let anthropic: FakeAnthropicServer;
let openai: FakeOpenAIServer;
let redirector: http.Server;
let redirectorUrl: string;
let redirected = 0;
let target = "";

beforeAll(async () => {
  [anthropic, openai] = await Promise.all([startFakeAnthropic(), startFakeOpenAI()]);
  // The redirect's target would answer, were it reached.
  anthropic.setDefaultReply(anthropicText("Answered from behind the redirect."));
  openai.setDefaultReply(openaiText("Answered from behind the redirect."));
  redirector = http.createServer((req, res) => {
    redirected++;
    req.resume();
    // 307 keeps the method and the body: a followed redirect would be the same model call, elsewhere.
    res.writeHead(307, { location: `${target}${req.url}` }).end();
  });
  await new Promise<void>((resolve) => redirector.listen(0, "127.0.0.1", resolve));
  redirectorUrl = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`;
});
afterAll(() => Promise.all([anthropic.close(), openai.close(), new Promise((resolve) => redirector.close(resolve))]));
beforeEach(() => {
  redirected = 0;
  anthropic.requests.length = 0;
  openai.requests.length = 0;
});

const HI = { messages: [{ sender: "user" as const, text: "Hi" }] };

describe("a model provider's redirect is refused, not followed", () => {
  test("Anthropic: the redirect's target gets no request, the call is not retried, and the message says what to set", async () => {
    target = anthropic.url;

    const error = await modelFailure(new AnthropicAdapter({ model: "claude-test", apiKey: "sk-ant-secret", baseURL: redirectorUrl }));

    expect(error.kind).toBe("redirect");
    expect(error.message).toBe(
      "Anthropic answered with a redirect, which Handoff does not follow (it could lead the server to a private address). Set the base URL in agent settings to the address the provider redirects to.",
    );
    expect(anthropic.requests).toHaveLength(0);
    expect(redirected).toBe(1);
  });

  test("an OpenAI-compatible server through the AI SDK: the same", async () => {
    target = openai.url;

    const error = await modelFailure(
      createAiSdkAdapter({ provider: "openai-compatible", model: "local-model", baseURL: `${redirectorUrl}/v1`, apiKey: "sk-local" }),
    );

    expect(error.kind).toBe("redirect");
    expect(error.message).toMatch(/answered with a redirect, which Handoff does not follow/);
    expect(openai.requests).toHaveLength(0);
    expect(redirected).toBe(1);
  });

  test("Anthropic through the AI SDK: the same", async () => {
    target = anthropic.url;

    const error = await modelFailure(
      createAiSdkAdapter({ provider: "anthropic-ai-sdk", model: "claude-test", baseURL: `${redirectorUrl}/v1`, apiKey: "sk-ant-secret" }),
    );

    expect(error.kind).toBe("redirect");
    expect(anthropic.requests).toHaveLength(0);
    expect(redirected).toBe(1);
  });

  test("the server's model fetch, which hands a 3xx on: the same", async () => {
    target = anthropic.url;

    const error = await modelFailure(
      new AnthropicAdapter({
        model: "claude-test",
        apiKey: "sk-ant-secret",
        baseURL: redirectorUrl,
        fetch: modelFetch({ allowPrivate: true }),
      }),
    );

    expect(error.kind).toBe("redirect");
    expect(anthropic.requests).toHaveLength(0);
    expect(redirected).toBe(1);
  });

  test("with a fallback model, the answer comes from it and says which model it replaced", async () => {
    target = anthropic.url;
    openai.enqueue(openaiText("From the fallback."));
    const reliable = withReliability(
      [
        new AnthropicAdapter({ model: "claude-test", apiKey: "sk-ant-secret", baseURL: redirectorUrl }),
        createAiSdkAdapter({ provider: "openai", model: "gpt-test", apiKey: "sk-openai-key", baseURL: `${openai.url}/v1` }),
      ],
      { sleep: async () => {}, random: () => 0.5, cooldowns: new ProviderCooldowns() },
    );

    const result = await reliable.prompt(HI, () => {});

    expect(result.messages[0].text).toBe("From the fallback.");
    expect(result.fallback).toEqual({ from: "anthropic:claude-test", kind: "redirect" });
    expect(anthropic.requests).toHaveLength(0);
  });
});
