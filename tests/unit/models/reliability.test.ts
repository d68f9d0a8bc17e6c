import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { ModelAdapter, ModelPromptResult } from "@/lib/agent/model-adapter";
import { AnthropicAdapter } from "@/lib/models/anthropic-adapter";
import { createAiSdkAdapter } from "@/lib/models/ai-sdk-providers";
import { ModelError } from "@/lib/models/model-error";
import { ProviderCooldowns } from "@/lib/models/provider-cooldowns";
import { withReliability, type ModelFallbackEvent, type ModelRetryEvent, type ReliabilityOptions } from "@/lib/models/reliability";
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

const ANTHROPIC_KEY = "sk-ant-secret-key-123";
const OPENAI_KEY = "sk-openai-secret-key-456";
const HI = { messages: [{ sender: "user" as const, text: "Hi" }] };

function claude() {
  return new AnthropicAdapter({ model: "claude-test", apiKey: ANTHROPIC_KEY, baseURL: anthropic.url });
}

function gpt() {
  return createAiSdkAdapter({ provider: "openai", model: "gpt-test", apiKey: OPENAI_KEY, baseURL: `${openai.url}/v1` });
}

/** Records each requested delay instead of waiting. */
function instantSleep() {
  const delays: number[] = [];
  return { delays, sleep: async (ms: number) => void delays.push(ms) };
}

function reliable(models: ModelAdapter[], options: ReliabilityOptions = {}) {
  const sleeper = instantSleep();
  // A pause of one test must not reach the next: each gets its own cooldowns.
  const model = withReliability(models, { sleep: sleeper.sleep, random: () => 0.5, cooldowns: new ProviderCooldowns(), ...options });
  return { model, delays: sleeper.delays };
}

const retries = (events: RecordedEvent[]) => events.filter((e) => e.name === "model_retry").map((e) => e.data as ModelRetryEvent);
const fallbacks = (events: RecordedEvent[]) => events.filter((e) => e.name === "model_fallback").map((e) => e.data as ModelFallbackEvent);

/** The text a client shows: what streamed, reset whenever an event says to discard partial output. */
function visibleText(events: RecordedEvent[]): string {
  let text = "";
  for (const event of events) {
    if (event.name === "text_delta") text += (event.data as { text: string }).text;
    if ((event.data as { discardPartial?: boolean } | undefined)?.discardPartial) text = "";
  }
  return text;
}

async function modelError(promise: Promise<unknown>): Promise<ModelError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ModelError);
  return error as ModelError;
}

describe("retries with the real Anthropic SDK against a local server", () => {
  test("a 429 is retried after the delay its retry-after header asks for", async () => {
    anthropic.enqueue(anthropicError(429, { "retry-after": "7" }), anthropicText("Finally."));
    const { model, delays } = reliable([claude()]);
    const { events, notify } = recordEvents();

    const result = await model.prompt(HI, notify);

    expect(result.messages[0].text).toBe("Finally.");
    expect(delays).toEqual([7000]);
    expect(retries(events)).toEqual([
      { attempt: 2, maxAttempts: 3, delayMs: 7000, kind: "rate_limit", model: "anthropic:claude-test", discardPartial: false },
    ]);
    expect(anthropic.requests).toHaveLength(2);
  });

  test("a retry-after beyond the cap is capped", async () => {
    anthropic.enqueue(anthropicError(429, { "retry-after": "3600" }), anthropicText("ok"));
    const { model, delays } = reliable([claude()], { maxRetryAfterMs: 20_000 });

    await model.prompt(HI, () => {});

    expect(delays).toEqual([20_000]);
  });

  test("a 500 is retried with jittered exponential backoff, then succeeds", async () => {
    anthropic.enqueue(anthropicError(500), anthropicError(500), anthropicText("Recovered."));
    const { model, delays } = reliable([claude()], { baseDelayMs: 1000, random: () => 0.5 });
    const { events, notify } = recordEvents();

    const result = await model.prompt(HI, notify);

    expect(result.messages[0].text).toBe("Recovered.");
    // Steps of 1 s and 2 s; half fixed, half scaled by random() = 0.5.
    expect(delays).toEqual([750, 1500]);
    expect(retries(events).map((retry) => [retry.attempt, retry.kind])).toEqual([
      [2, "server"],
      [3, "server"],
    ]);
  });

  test("an overloaded 529 is retried as kind overloaded", async () => {
    anthropic.enqueue(anthropicError(529), anthropicText("ok"));
    const { model } = reliable([claude()]);
    const { events, notify } = recordEvents();

    await model.prompt(HI, notify);

    expect(retries(events)[0].kind).toBe("overloaded");
  });

  test("a connection dropped mid-stream is retried, and the partial text is marked for discarding", async () => {
    anthropic.enqueue(anthropicText("This answer will be cut short", { dropAfterDeltas: 3 }), anthropicText("The full answer."));
    const { model } = reliable([claude()]);
    const { events, notify } = recordEvents();

    const result = await model.prompt(HI, notify);

    expect(retries(events)).toMatchObject([{ kind: "network", discardPartial: true }]);
    expect(result.messages[0].text).toBe("The full answer.");
    expect(visibleText(events)).toBe("The full answer.");
  });

  test("an overloaded error event inside a 200 stream is retried", async () => {
    anthropic.enqueue(
      anthropicText("Partial words here", { errorEventAfterDeltas: { deltas: 1, type: "overloaded_error" } }),
      anthropicText("ok"),
    );
    const { model } = reliable([claude()]);
    const { events, notify } = recordEvents();

    await model.prompt(HI, notify);

    expect(retries(events)).toMatchObject([{ kind: "overloaded", discardPartial: true }]);
  });

  test("an abort mid-stream is not retried", async () => {
    anthropic.enqueue(anthropicText("word ".repeat(200), { interTokenDelayMs: 10 }));
    const controller = new AbortController();
    const { model } = reliable([claude()]);
    const { events, notify } = recordEvents();

    const call = model.prompt(
      HI,
      (name, data) => {
        if (name === "text_delta") controller.abort();
        return notify(name, data);
      },
      controller.signal,
    );

    await expect(call).rejects.toMatchObject({ kind: "aborted" });
    expect(retries(events)).toEqual([]);
    expect(anthropic.requests).toHaveLength(1);
  });

  test("a 401 is not retried and becomes an actionable auth error without secrets or upstream text", async () => {
    anthropic.enqueue(anthropicError(401));
    const { model, delays } = reliable([claude()]);
    const { events, notify } = recordEvents();

    const error = await modelError(model.prompt(HI, notify));

    expect(error.kind).toBe("auth");
    expect(error.status).toBe(401);
    expect(error.message).toBe("The Anthropic API key was rejected. Check the key in agent settings.");
    // lib/agent shows `userMessage` to people.
    expect(error.userMessage).toBe(error.message);
    expect(error.message).not.toContain(ANTHROPIC_KEY);
    expect(error.message).not.toContain("upstream detail");
    expect(JSON.stringify(error)).not.toContain(ANTHROPIC_KEY);
    expect(anthropic.requests).toHaveLength(1);
    expect(delays).toEqual([]);
    expect(retries(events)).toEqual([]);
  });

  test("a 400 is not retried and becomes a bad_request error", async () => {
    anthropic.enqueue(anthropicError(400));
    const { model } = reliable([claude()]);

    const error = await modelError(model.prompt(HI, () => {}));

    expect(error.kind).toBe("bad_request");
    expect(error.message).not.toContain("upstream detail");
    expect(anthropic.requests).toHaveLength(1);
  });

  test("after the last attempt the error surfaces with the kind of the last failure", async () => {
    anthropic.enqueue(anthropicError(500), anthropicError(500));
    const { model } = reliable([claude()], { maxAttempts: 2 });

    const error = await modelError(model.prompt(HI, () => {}));

    expect(error.kind).toBe("server");
    expect(error.message).toBe("Anthropic had an internal error. Try again in a moment.");
    expect(anthropic.requests).toHaveLength(2);
  });

  test("an attempt that takes too long is cut off and retried as a timeout", async () => {
    anthropic.enqueue(anthropicText("slow", { timeToFirstTokenMs: 2000 }), anthropicText("fast"));
    const { model } = reliable([claude()], { attemptTimeoutMs: 100 });
    const { events, notify } = recordEvents();

    const result = await model.prompt(HI, notify);

    expect(retries(events)).toMatchObject([{ kind: "timeout" }]);
    expect(result.messages[0].text).toBe("fast");
  });
});

describe("retries with the real AI SDK (@ai-sdk/openai) against a local server", () => {
  test("a 429 with retry-after, then a dropped connection, then success", async () => {
    openai.enqueue(
      openaiError(429, { "retry-after": "2" }),
      openaiText("cut off here soon", { dropAfterDeltas: 2 }),
      openaiText("Complete."),
    );
    const { model, delays } = reliable([gpt()]);
    const { events, notify } = recordEvents();

    const result = await model.prompt(HI, notify);

    expect(result.messages[0].text).toBe("Complete.");
    expect(delays[0]).toBe(2000);
    expect(retries(events)).toMatchObject([
      { kind: "rate_limit", discardPartial: false },
      { kind: "network", discardPartial: true },
    ]);
    expect(visibleText(events)).toBe("Complete.");
  });

  test("a 401 is not retried and names the provider", async () => {
    openai.enqueue(openaiError(401));
    const { model } = reliable([gpt()]);

    const error = await modelError(model.prompt(HI, () => {}));

    expect(error.kind).toBe("auth");
    expect(error.message).toBe("The OpenAI API key was rejected. Check the key in agent settings.");
    expect(error.message).not.toContain(OPENAI_KEY);
    expect(openai.requests).toHaveLength(1);
  });
});

describe("fallback", () => {
  test("after the primary's retries run out, the next model answers and a model_fallback event says so", async () => {
    anthropic.enqueue(anthropicError(529), anthropicError(529));
    openai.enqueue(openaiText("Answer from the fallback."));
    const { model } = reliable([claude(), gpt()], { maxAttempts: 2 });
    const { events, notify } = recordEvents();

    const result = await model.prompt(HI, notify);

    expect(result.messages[0].text).toBe("Answer from the fallback.");
    expect(fallbacks(events)).toEqual([
      { from: "anthropic:claude-test", to: "openai:gpt-test", kind: "overloaded", discardPartial: false },
    ]);
    expect(events.map((event) => event.name).indexOf("model_fallback")).toBeGreaterThan(
      events.map((event) => event.name).indexOf("model_retry"),
    );
  });
});

describe("aborts and our own bugs", () => {
  test("an abort during the backoff wait ends the call at once", async () => {
    anthropic.enqueue(anthropicError(500));
    const controller = new AbortController();
    const model = withReliability([claude()], { baseDelayMs: 60_000 });
    const started = Date.now();

    const error = await modelError(
      model.prompt(
        HI,
        (name) => {
          if (name === "model_retry") setTimeout(() => controller.abort(), 10);
        },
        controller.signal,
      ),
    );

    expect(error.kind).toBe("aborted");
    expect(Date.now() - started).toBeLessThan(1000);
    expect(anthropic.requests).toHaveLength(1);
  });

  test("an error that is no provider failure is rethrown as it is, not retried", async () => {
    let calls = 0;
    const broken: ModelAdapter = {
      name: "broken:model",
      setSystemPrompt: () => {},
      prompt: async (): Promise<ModelPromptResult> => {
        calls += 1;
        throw new RangeError("a bug in our conversion code");
      },
    };
    const { model } = reliable([broken]);

    await expect(model.prompt(HI, () => {})).rejects.toThrow(RangeError);
    expect(calls).toBe(1);
  });
});
