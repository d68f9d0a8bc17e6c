import Anthropic from "@anthropic-ai/sdk";
import type { Message, ThinkingBlock, ToolCall } from "@/lib/agent/messages";
import type {
  ModelAdapter,
  ModelCapabilities,
  ModelPromptResult,
  NotifySubscribersFunction,
  PromptRequest,
  TokenUsage,
} from "@/lib/agent/model-adapter";
import { capabilitiesFor } from "./capabilities";
import { DEFAULT_MAX_TOKENS, type ThinkingSetting } from "./model-config";
import { toAnthropicMessages, toAnthropicSystem, toAnthropicTools } from "./anthropic-messages";
import { abortedError } from "./model-error";
import { providerTarget, type ProviderBound } from "./provider-target";
import { anthropicClient } from "./anthropic-clients";
import type { ProviderFetch } from "./provider-fetch";
import { withReportedUsage } from "./reported-usage";
import { toStopReason, type StopReason } from "./stop-reason";

export interface AnthropicAdapterOptions {
  model: string;
  apiKey: string;
  /** Without the `/v1` suffix, as @anthropic-ai/sdk expects; a local fake server in tests. */
  baseURL?: string;
  /** Default 8192. */
  maxTokens?: number;
  thinking?: ThinkingSetting;
  /** Time allowed until the response headers arrive (the SDK's own timeout). */
  timeoutMs?: number;
  systemPrompt?: string;
  /** Default: the known-models table's entry for `model`. */
  capabilities?: ModelCapabilities;
  /** Default: `providerFetch`. */
  fetch?: ProviderFetch;
}

type BlockInProgress =
  | { type: "text"; text: string }
  | { type: "tool_use"; id: string; name: string; json: string }
  | { type: "thinking"; thinking: string; signature: string }
  | { type: "redacted_thinking"; data: string }
  | { type: "ignored" };

interface Usage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

/**
 * Claude through @anthropic-ai/sdk, streaming. Retries are off in the SDK (`maxRetries: 0`):
 * they live in reliability.ts, where they are visible as events.
 */
export class AnthropicAdapter implements ModelAdapter, ProviderBound {
  readonly name: string;
  readonly capabilities: ModelCapabilities;
  readonly providerTarget: string;
  private readonly client: Anthropic;
  private systemPrompt: string | undefined;

  constructor(private readonly options: AnthropicAdapterOptions) {
    const { thinking } = options;
    if (typeof thinking === "object" && thinking.budgetTokens >= (options.maxTokens ?? DEFAULT_MAX_TOKENS)) {
      throw new Error("The thinking budget must be smaller than maxTokens.");
    }
    this.name = `anthropic:${options.model}`;
    this.capabilities = options.capabilities ?? capabilitiesFor("anthropic", options.model);
    this.providerTarget = providerTarget("anthropic", options.baseURL, options.apiKey);
    this.systemPrompt = options.systemPrompt;
    this.client = anthropicClient(options);
  }

  setSystemPrompt(systemPrompt: string): void {
    this.systemPrompt = systemPrompt;
  }

  async prompt(request: PromptRequest, notify: NotifySubscribersFunction, signal?: AbortSignal): Promise<ModelPromptResult> {
    const blocks: BlockInProgress[] = [];
    const usage: Usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
    let stopReason: StopReason = "other";

    try {
      const stream = await this.client.messages.create(
        {
          model: this.options.model,
          max_tokens: request.maxTokens ?? this.options.maxTokens ?? DEFAULT_MAX_TOKENS,
          system: toAnthropicSystem(request.systemPrompt ?? this.systemPrompt),
          messages: toAnthropicMessages(request.messages),
          tools: toAnthropicTools(request.tools),
          // "none" keeps the tools defined (the history has tool calls) but forbids new calls.
          ...(request.toolChoice === "none" && request.tools?.length && { tool_choice: { type: "none" as const } }),
          thinking: thinkingParam(this.options.thinking ?? "off"),
          stream: true,
        },
        { signal },
      );
      for await (const event of stream) {
        switch (event.type) {
          case "message_start":
            readUsage(usage, event.message.usage);
            break;
          case "content_block_start":
            blocks[event.index] = startBlock(event.content_block);
            break;
          case "content_block_delta": {
            const block = blocks[event.index];
            const delta = event.delta;
            if (delta.type === "text_delta" && block?.type === "text") {
              block.text += delta.text;
              await notify("text_delta", { text: delta.text });
            } else if (delta.type === "input_json_delta" && block?.type === "tool_use") {
              block.json += delta.partial_json;
            } else if (delta.type === "thinking_delta" && block?.type === "thinking") {
              block.thinking += delta.thinking;
            } else if (delta.type === "signature_delta" && block?.type === "thinking") {
              block.signature += delta.signature;
            }
            break;
          }
          case "content_block_stop": {
            const block = blocks[event.index];
            if (block?.type === "tool_use") {
              await notify("tool_use", { id: block.id, name: block.name, input: parseToolInput(block.json) });
            }
            break;
          }
          case "message_delta":
            readUsage(usage, event.usage);
            stopReason = toStopReason(event.delta.stop_reason);
            break;
        }
      }
    } catch (error) {
      // message_start already reported the input: the provider bills it even though the call failed.
      throw withReportedUsage(signal?.aborted ? abortedError(this.name) : error, this.name, usageOf(usage));
    }
    // The SDK's stream ends quietly, without throwing, when it is aborted mid-way.
    if (signal?.aborted) throw withReportedUsage(abortedError(this.name), this.name, usageOf(usage));

    const complete = result(blocks, usage, stopReason);
    const [message] = complete.messages;
    await notify("model_response_complete", {
      text: message.text,
      tool_calls: message.tool_calls,
      stop_reason: stopReason,
      tokens_in: complete.tokens_in,
      tokens_out: complete.tokens_out,
    });
    return complete;
  }
}

function thinkingParam(setting: ThinkingSetting): Anthropic.ThinkingConfigParam {
  if (setting === "off") return { type: "disabled" };
  if (setting === "adaptive") return { type: "adaptive" };
  return { type: "enabled", budget_tokens: setting.budgetTokens };
}

function startBlock(block: Anthropic.RawContentBlockStartEvent["content_block"]): BlockInProgress {
  switch (block.type) {
    case "text":
      return { type: "text", text: block.text };
    case "tool_use":
      return { type: "tool_use", id: block.id, name: block.name, json: "" };
    case "thinking":
      return { type: "thinking", thinking: block.thinking, signature: block.signature };
    case "redacted_thinking":
      return { type: "redacted_thinking", data: block.data };
    default:
      // Server-side tool blocks: we configure no server tools, so none are expected.
      return { type: "ignored" };
  }
}

/** Counts arrive in message_start and (cumulative, possibly partial) in message_delta. */
function readUsage(
  usage: Usage,
  reported: {
    input_tokens?: number | null;
    output_tokens?: number | null;
    cache_read_input_tokens?: number | null;
    cache_creation_input_tokens?: number | null;
  },
): void {
  usage.input = reported.input_tokens ?? usage.input;
  usage.output = reported.output_tokens ?? usage.output;
  usage.cacheRead = reported.cache_read_input_tokens ?? usage.cacheRead;
  usage.cacheWrite = reported.cache_creation_input_tokens ?? usage.cacheWrite;
}

/**
 * A tool input cut short (max_tokens) does not parse. An empty object keeps the history valid
 * for the next request (the API wants an object), and the tool's input validation then tells
 * the model which fields are missing.
 */
function parseToolInput(json: string): unknown {
  if (!json) return {};
  try {
    return JSON.parse(json);
  } catch {
    return {};
  }
}

/**
 * Anthropic reports cache reads and writes apart from input_tokens; tokens_in is the whole context
 * the model saw, so compaction can measure it the same way for every provider.
 */
function usageOf(usage: Usage): TokenUsage {
  return {
    tokens_in: usage.input + usage.cacheRead + usage.cacheWrite,
    tokens_out: usage.output,
    cache_read_tokens: usage.cacheRead,
    cache_write_tokens: usage.cacheWrite,
  };
}

function result(blocks: BlockInProgress[], usage: Usage, stopReason: StopReason): ModelPromptResult {
  const text = blocks.map((block) => (block.type === "text" ? block.text : "")).join("");
  const toolCalls: ToolCall[] = blocks.flatMap((block) =>
    block.type === "tool_use" ? [{ id: block.id, tool_name: block.name, input_args: parseToolInput(block.json) }] : [],
  );
  const thinking: ThinkingBlock[] = blocks.flatMap((block): ThinkingBlock[] => {
    if (block.type === "thinking") return [{ type: "thinking", thinking: block.thinking, signature: block.signature }];
    if (block.type === "redacted_thinking") return [{ type: "redacted_thinking", data: block.data }];
    return [];
  });
  const message: Message = {
    sender: "agent",
    text,
    ...(toolCalls.length > 0 && { tool_calls: toolCalls }),
    ...(thinking.length > 0 && { thinking_blocks: thinking }),
  };
  return { messages: [message], ...usageOf(usage), stop_reason: stopReason };
}
