import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { AnthropicAdapter } from "@/lib/models/anthropic-adapter";
import { anthropicClient } from "@/lib/models/anthropic-clients";
import {
  anthropicBody,
  anthropicText,
  anthropicToolUse,
  startFakeAnthropic,
  type FakeAnthropicServer,
} from "@/tests/support/fake-providers/anthropic";
import { EMAIL_TOOL, PIXEL_PNG, RENDER_DATA_MARKER, WEATHER_TOOL, recordEvents, toolRoundTrip } from "./conversation-fixtures";

let server: FakeAnthropicServer;
beforeAll(async () => {
  server = await startFakeAnthropic();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

function adapter(options: Partial<ConstructorParameters<typeof AnthropicAdapter>[0]> = {}) {
  return new AnthropicAdapter({ model: "claude-test", apiKey: "sk-ant-test-key", baseURL: server.url, ...options });
}

describe("AnthropicAdapter against a local Messages API", () => {
  test("shares one SDK client per key, address and timeout, and each request still carries its own key to its own address", async () => {
    expect(anthropicClient({ apiKey: "k1", baseURL: server.url })).toBe(anthropicClient({ apiKey: "k1", baseURL: server.url }));
    expect(anthropicClient({ apiKey: "k1", baseURL: server.url })).not.toBe(anthropicClient({ apiKey: "k2", baseURL: server.url }));
    expect(anthropicClient({ apiKey: "k1", baseURL: server.url })).not.toBe(
      anthropicClient({ apiKey: "k1", baseURL: server.url, timeoutMs: 5_000 }),
    );
    const elsewhere = await startFakeAnthropic();
    try {
      const teams = [
        adapter({ apiKey: "sk-ant-team-a" }),
        adapter({ apiKey: "sk-ant-team-b" }),
        adapter({ apiKey: "sk-ant-team-a", baseURL: elsewhere.url }),
        adapter({ apiKey: "sk-ant-team-a" }),
      ];
      for (const team of teams) await team.prompt({ messages: [{ sender: "user", text: "Hi" }] }, recordEvents().notify);
      const keys = (requests: typeof server.requests) => requests.map((request) => request.headers.authorization);
      expect(keys(server.requests)).toEqual(["Bearer sk-ant-team-a", "Bearer sk-ant-team-b", "Bearer sk-ant-team-a"]);
      expect(keys(elsewhere.requests)).toEqual(["Bearer sk-ant-team-a"]);
    } finally {
      await elsewhere.close();
    }
  });

  test("streams each text delta through notify and returns the message with usage, cache reads and writes", async () => {
    server.enqueue(
      anthropicText("Hello there, how can I help?", {
        usage: { input_tokens: 12, output_tokens: 7, cache_read_input_tokens: 100, cache_creation_input_tokens: 30 },
      }),
    );
    const { events, notify, text } = recordEvents();

    const result = await adapter().prompt({ messages: [{ sender: "user", text: "Hi" }] }, notify);

    const deltas = events.filter((event) => event.name === "text_delta");
    expect(deltas.map((event) => event.data)).toEqual([
      { text: "Hello " },
      { text: "there, " },
      { text: "how " },
      { text: "can " },
      { text: "I " },
      { text: "help?" },
    ]);
    expect(text()).toBe("Hello there, how can I help?");
    expect(result.messages).toEqual([{ sender: "agent", text: "Hello there, how can I help?" }]);
    expect(result).toMatchObject({
      tokens_in: 142,
      tokens_out: 7,
      cache_read_tokens: 100,
      cache_write_tokens: 30,
      stop_reason: "end_turn",
    });
    expect(events.at(-1)).toMatchObject({
      name: "model_response_complete",
      data: { text: "Hello there, how can I help?", stop_reason: "end_turn" },
    });
  });

  test("returns tool_use blocks as tool calls and emits tool_use when each block completes", async () => {
    server.enqueue(
      anthropicToolUse(
        { id: "toolu_1", name: "send_email", input: { to: "ada@example.com", subject: "Launch plans for Q3" } },
        { text: "Sending it." },
      ),
    );
    const { events, notify } = recordEvents();

    const result = await adapter().prompt({ messages: [{ sender: "user", text: "Email Ada" }], tools: [EMAIL_TOOL] }, notify);

    expect(result.stop_reason).toBe("tool_use");
    expect(result.messages[0].tool_calls).toEqual([
      { id: "toolu_1", tool_name: "send_email", input_args: { to: "ada@example.com", subject: "Launch plans for Q3" } },
    ]);
    const toolUse = events.find((event) => event.name === "tool_use");
    expect(toolUse?.data).toEqual({ id: "toolu_1", name: "send_email", input: { to: "ada@example.com", subject: "Launch plans for Q3" } });
    // The text streamed before the tool call was announced.
    expect(events.findIndex((event) => event.name === "tool_use")).toBeGreaterThan(
      events.findIndex((event) => event.name === "text_delta"),
    );
  });

  test("marks the system prompt and the last tool for prompt caching, and turns thinking off by default", async () => {
    const model = adapter({ maxTokens: 1234 });
    model.setSystemPrompt("You are Handoff's agent.");

    await model.prompt({ messages: [{ sender: "user", text: "Hi" }], tools: [WEATHER_TOOL, EMAIL_TOOL] }, () => {});

    const body = anthropicBody(server.lastRequest);
    expect(body.system).toEqual([{ type: "text", text: "You are Handoff's agent.", cache_control: { type: "ephemeral" } }]);
    expect(body.tools?.[0].cache_control).toBeUndefined();
    expect(body.tools?.[1]).toMatchObject({ name: "send_email", cache_control: { type: "ephemeral" } });
    expect(body.thinking).toEqual({ type: "disabled" });
    expect(body.max_tokens).toBe(1234);
    expect(body.stream).toBe(true);
  });

  test("a request's system prompt overrides the adapter's (a summary request)", async () => {
    const model = adapter();
    model.setSystemPrompt("You are Handoff's agent.");

    await model.prompt({ messages: [{ sender: "user", text: "Hi" }], systemPrompt: "Summarize the conversation." }, () => {});

    expect(anthropicBody(server.lastRequest).system?.[0].text).toBe("Summarize the conversation.");
  });

  test("sends tool results as tool_result blocks with data and message only, never renderData", async () => {
    await adapter().prompt({ messages: toolRoundTrip(), tools: [EMAIL_TOOL, WEATHER_TOOL] }, () => {});

    const raw = JSON.stringify(server.lastRequest?.body);
    expect(raw).not.toContain(RENDER_DATA_MARKER);
    expect(raw).not.toContain("renderData");
    const [, assistant, user] = anthropicBody(server.lastRequest).messages;
    expect(assistant).toEqual({
      role: "assistant",
      content: [
        { type: "text", text: "On it." },
        { type: "tool_use", id: "call_email", name: "send_email", input: { to: "ada@example.com" } },
        { type: "tool_use", id: "call_weather", name: "get_weather", input: { city: "London" } },
      ],
    });
    expect(user.content).toEqual([
      { type: "tool_result", tool_use_id: "call_email", content: JSON.stringify({ data: { sent: true }, message: "Email sent." }) },
      {
        type: "tool_result",
        tool_use_id: "call_weather",
        content: JSON.stringify({ data: null, message: "Permission denied: not today." }),
        is_error: true,
        // The newest block carries the conversation's cache breakpoint.
        cache_control: { type: "ephemeral" },
      },
    ]);
  });

  test("merges consecutive messages of one sender, tool_result blocks first", async () => {
    const [question, call, results] = toolRoundTrip();
    const steering = { sender: "user" as const, text: "Also, keep it short." };
    const withText = { ...results, text: "Here you go." };

    await adapter().prompt({ messages: [question, call, withText, steering] }, () => {});

    const { messages } = anthropicBody(server.lastRequest);
    expect(messages.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
    const blocks = messages[2].content as Array<{ type: string; text?: string }>;
    expect(blocks.map((block) => block.type)).toEqual(["tool_result", "tool_result", "text", "text"]);
    expect(blocks.slice(2).map((block) => block.text)).toEqual(["Here you go.", "Also, keep it short."]);
  });

  test("sends a message's images as base64 image blocks", async () => {
    await adapter().prompt(
      { messages: [{ sender: "user", text: "What is in this picture?", images: [{ media_type: "image/png", data: PIXEL_PNG }] }] },
      () => {},
    );

    const [user] = anthropicBody(server.lastRequest).messages;
    expect(user.content).toEqual([
      { type: "image", source: { type: "base64", media_type: "image/png", data: PIXEL_PNG } },
      { type: "text", text: "What is in this picture?", cache_control: { type: "ephemeral" } },
    ]);
  });

  test("with thinking on, keeps the thinking blocks and sends them back ahead of the tool calls", async () => {
    server.enqueue({
      kind: "stream",
      content: [
        { type: "thinking", thinking: "The user wants an email.", signature: "sig-123" },
        { type: "tool_use", id: "toolu_9", name: "send_email", input: { to: "ada@example.com" } },
      ],
    });
    const model = adapter({ thinking: { budgetTokens: 2048 } });

    const first = await model.prompt({ messages: [{ sender: "user", text: "Email Ada" }], tools: [EMAIL_TOOL] }, () => {});
    expect(anthropicBody(server.lastRequest).thinking).toEqual({ type: "enabled", budget_tokens: 2048 });
    const agentMessage = first.messages[0];
    expect(agentMessage.thinking_blocks).toEqual([{ type: "thinking", thinking: "The user wants an email.", signature: "sig-123" }]);

    await model.prompt(
      {
        messages: [
          { sender: "user", text: "Email Ada" },
          agentMessage,
          {
            sender: "user",
            text: "",
            tool_results: [{ call_id: "toolu_9", tool_name: "send_email", result: { status: "success", data: "sent" } }],
          },
        ],
        tools: [EMAIL_TOOL],
      },
      () => {},
    );
    const assistant = anthropicBody(server.lastRequest).messages[1].content as Array<{ type: string }>;
    expect(assistant.map((block) => block.type)).toEqual(["thinking", "tool_use"]);
  });

  test("an abort stops the HTTP stream at once and rejects with an aborted ModelError", async () => {
    server.enqueue(anthropicText("word ".repeat(500), { interTokenDelayMs: 20 }));
    const controller = new AbortController();
    const { notify, text } = recordEvents();
    let deltas = 0;
    const started = Date.now();

    const call = adapter().prompt(
      { messages: [{ sender: "user", text: "Write a lot" }] },
      (name, data) => {
        if (name === "text_delta" && ++deltas === 3) controller.abort();
        return notify(name, data);
      },
      controller.signal,
    );

    await expect(call).rejects.toMatchObject({ name: "ModelError", kind: "aborted" });
    // 500 tokens 20 ms apart would take 10 s; the abort ends it right away.
    expect(Date.now() - started).toBeLessThan(1000);
    expect(text()).toBe("word word word ");
  });

  test("tool choice none keeps the tools defined but forbids new calls (a summary request)", async () => {
    await adapter().prompt({ messages: toolRoundTrip(), tools: [EMAIL_TOOL, WEATHER_TOOL], toolChoice: "none" }, () => {});

    const body = anthropicBody(server.lastRequest) as { tool_choice?: unknown; tools?: unknown[] };
    expect(body.tool_choice).toEqual({ type: "none" });
    expect(body.tools).toHaveLength(2);
  });
});
