import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createAiSdkAdapter } from "@/lib/models/ai-sdk-providers";
import { anthropicBody, anthropicText, startFakeAnthropic, type FakeAnthropicServer } from "@/tests/support/fake-providers/anthropic";
import { openaiBody, openaiText, openaiToolCall, startFakeOpenAI, type FakeOpenAIServer } from "@/tests/support/fake-providers/openai";
import { EMAIL_TOOL, PIXEL_PNG, RENDER_DATA_MARKER, WEATHER_TOOL, recordEvents, toolRoundTrip } from "./conversation-fixtures";

let openai: FakeOpenAIServer;
let anthropic: FakeAnthropicServer;
beforeAll(async () => {
  [openai, anthropic] = await Promise.all([startFakeOpenAI(), startFakeAnthropic()]);
});
afterAll(() => Promise.all([openai.close(), anthropic.close()]));
beforeEach(() => {
  openai.requests.length = 0;
  anthropic.requests.length = 0;
});

function openaiAdapter() {
  return createAiSdkAdapter({ provider: "openai", model: "gpt-test", apiKey: "sk-openai-test-key", baseURL: `${openai.url}/v1` });
}

describe("AiSdkAdapter with @ai-sdk/openai against a local Chat Completions API", () => {
  test("streams text deltas and reports usage with cached input tokens", async () => {
    openai.enqueue(openaiText("Hello from the chat API.", { usage: { prompt_tokens: 120, completion_tokens: 5, cached_tokens: 100 } }));
    const { events, notify, text } = recordEvents();

    const result = await openaiAdapter().prompt({ messages: [{ sender: "user", text: "Hi" }] }, notify);

    expect(events.filter((event) => event.name === "text_delta")).toHaveLength(5);
    expect(text()).toBe("Hello from the chat API.");
    expect(result).toMatchObject({
      messages: [{ sender: "agent", text: "Hello from the chat API." }],
      tokens_in: 120,
      tokens_out: 5,
      cache_read_tokens: 100,
      stop_reason: "end_turn",
    });
    expect(events.at(-1)?.name).toBe("model_response_complete");
    expect(openai.lastRequest?.headers.authorization).toBe("Bearer sk-openai-test-key");
  });

  test("returns tool calls to the caller instead of executing them", async () => {
    openai.enqueue(openaiToolCall({ id: "call_1", name: "send_email", arguments: { to: "ada@example.com" } }));
    const { events, notify } = recordEvents();

    const result = await openaiAdapter().prompt({ messages: [{ sender: "user", text: "Email Ada" }], tools: [EMAIL_TOOL] }, notify);

    expect(result.stop_reason).toBe("tool_use");
    expect(result.messages[0].tool_calls).toEqual([{ id: "call_1", tool_name: "send_email", input_args: { to: "ada@example.com" } }]);
    expect(events.find((event) => event.name === "tool_use")?.data).toEqual({
      id: "call_1",
      name: "send_email",
      input: { to: "ada@example.com" },
    });
    expect(openaiBody(openai.lastRequest).tools).toEqual([
      { type: "function", function: { name: "send_email", description: "Send an email.", parameters: EMAIL_TOOL.input_schema } },
    ]);
  });

  test("sends tool calls and tool results (data and message, never renderData) in the chat format", async () => {
    await openaiAdapter().prompt({ messages: toolRoundTrip(), tools: [EMAIL_TOOL, WEATHER_TOOL] }, () => {});

    const raw = JSON.stringify(openai.lastRequest?.body);
    expect(raw).not.toContain(RENDER_DATA_MARKER);
    expect(raw).not.toContain("renderData");
    const [, assistant, emailResult, weatherResult] = openaiBody(openai.lastRequest).messages;
    expect(assistant).toMatchObject({
      role: "assistant",
      content: "On it.",
      tool_calls: [
        { id: "call_email", type: "function", function: { name: "send_email", arguments: JSON.stringify({ to: "ada@example.com" }) } },
        { id: "call_weather", type: "function", function: { name: "get_weather", arguments: JSON.stringify({ city: "London" }) } },
      ],
    });
    expect(emailResult).toEqual({
      role: "tool",
      tool_call_id: "call_email",
      content: JSON.stringify({ data: { sent: true }, message: "Email sent." }),
    });
    expect(weatherResult).toEqual({
      role: "tool",
      tool_call_id: "call_weather",
      content: JSON.stringify({ data: null, message: "Permission denied: not today." }),
    });
  });

  test("sends images as image parts", async () => {
    await openaiAdapter().prompt(
      { messages: [{ sender: "user", text: "What is this?", images: [{ media_type: "image/png", data: PIXEL_PNG }] }] },
      () => {},
    );

    const [user] = openaiBody(openai.lastRequest).messages;
    expect(user.content).toEqual([
      { type: "image_url", image_url: { url: `data:image/png;base64,${PIXEL_PNG}` } },
      { type: "text", text: "What is this?" },
    ]);
  });

  test("an abort stops the stream at once and rejects with an aborted ModelError", async () => {
    openai.enqueue(openaiText("token ".repeat(500), { interTokenDelayMs: 20 }));
    const controller = new AbortController();
    const { notify, text } = recordEvents();
    let deltas = 0;
    const started = Date.now();

    const call = openaiAdapter().prompt(
      { messages: [{ sender: "user", text: "Write a lot" }] },
      (name, data) => {
        if (name === "text_delta" && ++deltas === 2) controller.abort();
        return notify(name, data);
      },
      controller.signal,
    );

    await expect(call).rejects.toMatchObject({ name: "ModelError", kind: "aborted" });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(text()).toBe("token token ");
  });

  test("tool choice none is passed on", async () => {
    await openaiAdapter().prompt({ messages: toolRoundTrip(), tools: [EMAIL_TOOL, WEATHER_TOOL], toolChoice: "none" }, () => {});

    expect(openaiBody(openai.lastRequest)).toMatchObject({ tool_choice: "none" });
  });
});

describe("AiSdkAdapter for an OpenAI-compatible server (Ollama, LM Studio, vLLM)", () => {
  test("talks Chat Completions to the configured base URL and needs no key", async () => {
    openai.enqueue(openaiText("Local answer."));
    const model = createAiSdkAdapter({ provider: "openai-compatible", model: "llama3.2", baseURL: `${openai.url}/v1` });

    const result = await model.prompt({ messages: [{ sender: "user", text: "Hi" }] }, () => {});

    expect(model.name).toBe("openai-compatible:llama3.2");
    expect(result.messages[0].text).toBe("Local answer.");
    expect(openai.lastRequest?.path).toBe("/v1/chat/completions");
    expect(openaiBody(openai.lastRequest)).toMatchObject({ model: "llama3.2", stream: true });
  });
});

describe("AiSdkAdapter with @ai-sdk/anthropic against a local Messages API", () => {
  test("streams text, reports cache usage and marks the system prompt and last tool for caching", async () => {
    anthropic.enqueue(
      anthropicText("Hi from Claude.", {
        usage: { input_tokens: 10, output_tokens: 4, cache_read_input_tokens: 50, cache_creation_input_tokens: 20 },
      }),
    );
    const model = createAiSdkAdapter({
      provider: "anthropic-ai-sdk",
      model: "claude-test",
      apiKey: "sk-ant-test",
      baseURL: `${anthropic.url}/v1`,
    });
    model.setSystemPrompt("You are Handoff's agent.");

    const result = await model.prompt({ messages: toolRoundTrip(), tools: [WEATHER_TOOL, EMAIL_TOOL] }, () => {});

    expect(result.messages[0].text).toBe("Hi from Claude.");
    expect(result).toMatchObject({ tokens_in: 80, tokens_out: 4, cache_read_tokens: 50, cache_write_tokens: 20 });
    const body = anthropicBody(anthropic.lastRequest);
    expect(body.system?.[0]).toMatchObject({ text: "You are Handoff's agent.", cache_control: { type: "ephemeral" } });
    expect(body.tools?.[0].cache_control).toBeUndefined();
    expect(body.tools?.[1].cache_control).toEqual({ type: "ephemeral" });
    expect(JSON.stringify(body)).not.toContain(RENDER_DATA_MARKER);
  });
});
