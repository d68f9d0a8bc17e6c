import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { Message } from "@/lib/agent/messages";
import { createAiSdkAdapter } from "@/lib/models/ai-sdk-providers";
import { anthropicBody, anthropicText, startFakeAnthropic, type FakeAnthropicServer } from "@/tests/support/fake-providers/anthropic";
import { EMAIL_TOOL } from "./conversation-fixtures";

let anthropic: FakeAnthropicServer;
beforeAll(async () => {
  anthropic = await startFakeAnthropic();
});
afterAll(() => anthropic.close());
beforeEach(() => {
  anthropic.requests.length = 0;
});

function claude() {
  return createAiSdkAdapter({ provider: "anthropic-ai-sdk", model: "claude-test", apiKey: "sk-ant-test", baseURL: `${anthropic.url}/v1` });
}

describe("reasoning on the AI SDK path (@ai-sdk/anthropic against a local Messages API)", () => {
  test("keeps the reasoning with its signature on the agent message and sends it back ahead of the tool call", async () => {
    anthropic.enqueue({
      kind: "stream",
      content: [
        { type: "thinking", thinking: "Ada wants the report; email it.", signature: "sig-123" },
        { type: "tool_use", id: "toolu_1", name: "send_email", input: { to: "ada@example.com" } },
      ],
    });
    const model = claude();
    const first = await model.prompt({ messages: [{ sender: "user", text: "Email Ada" }], tools: [EMAIL_TOOL] }, () => {});

    const reply = first.messages[0];
    expect(reply.reasoning).toEqual([
      { text: "Ada wants the report; email it.", providerOptions: { anthropic: { signature: "sig-123" } } },
    ]);
    expect(reply.tool_calls).toEqual([{ id: "toolu_1", tool_name: "send_email", input_args: { to: "ada@example.com" } }]);

    anthropic.enqueue(anthropicText("Sent."));
    const history: Message[] = [
      { sender: "user", text: "Email Ada" },
      reply,
      {
        sender: "user",
        text: "",
        tool_results: [{ call_id: "toolu_1", tool_name: "send_email", result: { status: "success", data: { sent: true } } }],
      },
    ];
    await model.prompt({ messages: history, tools: [EMAIL_TOOL] }, () => {});

    const assistant = anthropicBody(anthropic.lastRequest).messages[1];
    expect(assistant.role).toBe("assistant");
    expect(assistant.content).toEqual([
      { type: "thinking", thinking: "Ada wants the report; email it.", signature: "sig-123" },
      expect.objectContaining({ type: "tool_use", id: "toolu_1", name: "send_email", input: { to: "ada@example.com" } }),
    ]);
  });

  test("a reply without reasoning has no reasoning field", async () => {
    anthropic.enqueue(anthropicText("Plain."));

    const result = await claude().prompt({ messages: [{ sender: "user", text: "Hi" }] }, () => {});

    expect(result.messages[0]).not.toHaveProperty("reasoning");
  });
});
