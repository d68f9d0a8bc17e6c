import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { reportedUsageOf, type ModelAdapter } from "@/lib/agent/model-adapter";
import { AnthropicAdapter } from "@/lib/models/anthropic-adapter";
import { createAiSdkAdapter } from "@/lib/models/ai-sdk-providers";
import { ModelError } from "@/lib/models/model-error";
import { ProviderCooldowns } from "@/lib/models/provider-cooldowns";
import { withReliability, type ModelFallbackEvent } from "@/lib/models/reliability";
import { anthropicError, anthropicText, startFakeAnthropic, type FakeAnthropicServer } from "@/tests/support/fake-providers/anthropic";
import { openaiError, openaiText, startFakeOpenAI, type FakeOpenAIServer } from "@/tests/support/fake-providers/openai";
import { recordEvents, type RecordedEvent } from "./conversation-fixtures";

let anthropic: FakeAnthropicServer;
let openai: FakeOpenAIServer;
beforeAll(async () => {
  [anthropic, openai] = await Promise.all([startFakeAnthropic(), startFakeOpenAI()]);
});
afterAll(() => Promise.all([anthropic.close(), openai.close()]));
beforeEach(() => {
  anthropic.requests.length = 0;
  openai.requests.length = 0;
});

const HI = { messages: [{ sender: "user" as const, text: "Hi" }] };
const claude = (model = "claude-test", apiKey = "sk-ant-key-1") => new AnthropicAdapter({ model, apiKey, baseURL: anthropic.url });
const gpt = (model = "gpt-test") => createAiSdkAdapter({ provider: "openai", model, apiKey: "sk-openai-key", baseURL: `${openai.url}/v1` });

/** A fake clock and the cooldowns that read it. */
function clock() {
  let now = 1_000_000;
  const cooldowns = new ProviderCooldowns({ now: () => now });
  return { cooldowns, advance: (ms: number) => void (now += ms) };
}

function reliable(models: ModelAdapter[], cooldowns = new ProviderCooldowns()) {
  return withReliability(models, { sleep: async () => {}, random: () => 0.5, cooldowns });
}

const fallbacks = (events: RecordedEvent[]) => events.filter((e) => e.name === "model_fallback").map((e) => e.data as ModelFallbackEvent);

async function modelError(promise: Promise<unknown>): Promise<ModelError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ModelError);
  return error as ModelError;
}

describe("fallback after auth and quota errors", () => {
  test("a rejected key falls back at once, and the answer says which model gave it and whom it replaced", async () => {
    anthropic.enqueue(anthropicError(401));
    openai.enqueue(openaiText("From the fallback."));
    const { events, notify } = recordEvents();

    const result = await reliable([claude(), gpt()]).prompt(HI, notify);

    expect(result.messages[0].text).toBe("From the fallback.");
    expect(result.model).toBe("openai:gpt-test");
    expect(result.fallback).toEqual({ from: "anthropic:claude-test", kind: "auth" });
    expect(anthropic.requests).toHaveLength(1);
    expect(fallbacks(events)).toEqual([{ from: "anthropic:claude-test", to: "openai:gpt-test", kind: "auth", discardPartial: false }]);
  });

  test("the primary's answer names the primary and carries no fallback", async () => {
    anthropic.enqueue(anthropicText("Primary."));

    const result = await reliable([claude(), gpt()]).prompt(HI, () => {});

    expect(result.model).toBe("anthropic:claude-test");
    expect(result.fallback).toBeUndefined();
  });

  test("OpenAI's insufficient_quota is its own kind and is not retried, although it comes as a 429", async () => {
    openai.enqueue({ ...openaiError(429), code: "insufficient_quota" });

    const error = await modelError(reliable([gpt()]).prompt(HI, () => {}));

    expect(error.kind).toBe("quota");
    expect(error.message).toBe(
      "OpenAI says this workspace's quota or credit is used up. Add credit or raise the quota with OpenAI, or add a fallback model in agent settings.",
    );
    expect(openai.requests).toHaveLength(1);
  });

  test("a spent quota falls back to the next model", async () => {
    openai.enqueue({ ...openaiError(429), code: "insufficient_quota" });
    anthropic.enqueue(anthropicText("Claude covers."));

    const result = await reliable([gpt(), claude()]).prompt(HI, () => {});

    expect(result.fallback).toEqual({ from: "openai:gpt-test", kind: "quota" });
    expect(openai.requests).toHaveLength(1);
  });
});

describe("a cooldown per provider target", () => {
  test("after a rejected key, calls to the same provider, URL and key skip it until the pause is over", async () => {
    const { cooldowns, advance } = clock();
    anthropic.enqueue(anthropicError(401));
    await reliable([claude(), gpt()], cooldowns).prompt(HI, () => {});
    expect(anthropic.requests).toHaveLength(1);

    // Another model id behind the same key: the same target, so it is paused too.
    const { events, notify } = recordEvents();
    const second = await reliable([claude("claude-other"), gpt()], cooldowns).prompt(HI, notify);
    expect(anthropic.requests).toHaveLength(1);
    expect(second.fallback).toEqual({ from: "anthropic:claude-other", kind: "auth" });
    expect(fallbacks(events)).toEqual([
      { from: "anthropic:claude-other", to: "openai:gpt-test", kind: "auth", discardPartial: false, cooldown: true },
    ]);

    advance(5 * 60_000);
    anthropic.enqueue(anthropicText("Back."));
    const third = await reliable([claude(), gpt()], cooldowns).prompt(HI, () => {});
    expect(third.model).toBe("anthropic:claude-test");
    expect(anthropic.requests).toHaveLength(2);
  });

  test("without a fallback a paused target fails at once with a sentence that says how long", async () => {
    const { cooldowns, advance } = clock();
    anthropic.enqueue(anthropicError(401));
    await modelError(reliable([claude()], cooldowns).prompt(HI, () => {}));
    advance(60_000);

    const error = await modelError(reliable([claude()], cooldowns).prompt(HI, () => {}));

    expect(anthropic.requests).toHaveLength(1);
    expect(error.kind).toBe("auth");
    expect(error.message).toBe(
      "The Anthropic API key was rejected. Check the key in agent settings. Handoff pauses calls to Anthropic with this key for 4 more minutes; a changed key is tried at once.",
    );
  });

  test("a changed key is another target and is called at once", async () => {
    const { cooldowns } = clock();
    anthropic.enqueue(anthropicError(401), anthropicText("New key works."));
    await modelError(reliable([claude()], cooldowns).prompt(HI, () => {}));

    const result = await reliable([claude("claude-test", "sk-ant-key-2")], cooldowns).prompt(HI, () => {});

    expect(result.messages[0].text).toBe("New key works.");
    expect(anthropic.requests).toHaveLength(2);
  });

  test("a 403 (this model refused to the key) pauses only that model: another model on the same key is called at once", async () => {
    const { cooldowns } = clock();
    anthropic.enqueue(anthropicError(403));
    await modelError(reliable([claude("claude-forbidden")], cooldowns).prompt(HI, () => {}));
    const paused = await modelError(reliable([claude("claude-forbidden")], cooldowns).prompt(HI, () => {}));
    expect(paused.message).toMatch(/pauses calls/);
    expect(anthropic.requests).toHaveLength(1);

    anthropic.enqueue(anthropicText("Other tenants' model still answers."));
    const result = await reliable([claude("claude-allowed")], cooldowns).prompt(HI, () => {});
    expect(result.messages[0].text).toBe("Other tenants' model still answers.");
    expect(anthropic.requests).toHaveLength(2);
  });

  test("a rate limit pauses nothing: the next call tries the provider again", async () => {
    const { cooldowns } = clock();
    anthropic.enqueue(anthropicError(429), anthropicError(429), anthropicError(429), anthropicText("Fine now."));
    await modelError(reliable([claude()], cooldowns).prompt(HI, () => {}));

    const result = await reliable([claude()], cooldowns).prompt(HI, () => {});

    expect(result.messages[0].text).toBe("Fine now.");
  });
});

describe("usage of failed attempts", () => {
  const cut = () => anthropicText("This will be cut", { dropAfterDeltas: 2, usage: { input_tokens: 40, cache_read_input_tokens: 10 } });
  const reported = {
    model: "anthropic:claude-test",
    usage: { tokens_in: 50, tokens_out: 1, cache_read_tokens: 10, cache_write_tokens: 0 },
  };

  test("a retried attempt's reported usage travels with the answer as discardedUsage", async () => {
    anthropic.enqueue(cut(), anthropicText("Whole answer."));

    const result = await reliable([claude()]).prompt(HI, () => {});

    expect(result.messages[0].text).toBe("Whole answer.");
    expect(result.discardedUsage).toEqual([reported]);
  });

  test("when every attempt fails, the error carries what each consumed", async () => {
    anthropic.enqueue(cut(), cut(), cut());

    const error = await modelError(reliable([claude()]).prompt(HI, () => {}));

    expect(error.kind).toBe("network");
    expect(reportedUsageOf(error)).toEqual([reported, reported, reported]);
  });

  test("a stopped call carries what it consumed", async () => {
    anthropic.enqueue(anthropicText("word ".repeat(200), { interTokenDelayMs: 10, usage: { input_tokens: 40 } }));
    const controller = new AbortController();
    let deltas = 0;

    const error = await modelError(
      reliable([claude()]).prompt(
        HI,
        (name) => {
          if (name === "text_delta" && ++deltas === 2) controller.abort();
        },
        controller.signal,
      ),
    );

    expect(error.kind).toBe("aborted");
    expect(reportedUsageOf(error)).toEqual([{ model: "anthropic:claude-test", usage: expect.objectContaining({ tokens_in: 40 }) }]);
  });
});

test("the wrapper describes the primary model", () => {
  expect(reliable([claude("claude-sonnet-4-5"), gpt("gpt-4o")]).capabilities).toEqual({
    context_window: 200_000,
    max_output_tokens: 64_000,
    images: true,
    pdfs: true,
    tools: true,
    reasoning: true,
  });
});
