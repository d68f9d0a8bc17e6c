import { streamText, type LanguageModel, type LanguageModelUsage } from "ai";
import type { Message, ReasoningPart, ToolCall } from "@/lib/agent/messages";
import type {
  ModelAdapter,
  ModelCapabilities,
  ModelPromptResult,
  NotifySubscribersFunction,
  PromptRequest,
} from "@/lib/agent/model-adapter";
import { toModelMessages, toToolSet, type ProviderOptions } from "./ai-sdk-messages";
import { ReasoningCollector } from "./ai-sdk-reasoning";
import { DEFAULT_CAPABILITIES } from "./model-config";
import { abortedError } from "./model-error";
import type { ProviderBound } from "./provider-target";
import { toStopReason, type StopReason } from "./stop-reason";

export interface AiSdkAdapterOptions {
  /** "<provider>:<model>", e.g. "openai:gpt-4.1"; the provider part words error messages. */
  name: string;
  model: LanguageModel;
  maxTokens?: number;
  systemPrompt?: string;
  /** For Anthropic models: cache breakpoints on the system prompt and the last tool. */
  anthropicPromptCaching?: boolean;
  /** From the known-models table or the admin's settings; default: the conservative default. */
  capabilities?: ModelCapabilities;
  /** Provider + base URL + key identity (provider-target.ts); default: the name. */
  providerTarget?: string;
}

const ANTHROPIC_EPHEMERAL: ProviderOptions = { anthropic: { cacheControl: { type: "ephemeral" } } };

/**
 * Any Vercel AI SDK provider behind our ModelAdapter: one `streamText` step with tools that
 * have no `execute`, so tool calls come back to the agent loop. The SDK's own retries are off
 * (`maxRetries: 0`): reliability.ts retries, visibly.
 */
export class AiSdkAdapter implements ModelAdapter, ProviderBound {
  readonly name: string;
  readonly capabilities: ModelCapabilities;
  readonly providerTarget: string;
  private systemPrompt: string | undefined;

  constructor(private readonly options: AiSdkAdapterOptions) {
    this.name = options.name;
    this.capabilities = options.capabilities ?? DEFAULT_CAPABILITIES;
    this.providerTarget = options.providerTarget ?? options.name;
    this.systemPrompt = options.systemPrompt;
  }

  setSystemPrompt(systemPrompt: string): void {
    this.systemPrompt = systemPrompt;
  }

  async prompt(request: PromptRequest, notify: NotifySubscribersFunction, signal?: AbortSignal): Promise<ModelPromptResult> {
    const cache = this.options.anthropicPromptCaching ? ANTHROPIC_EPHEMERAL : undefined;
    const system = request.systemPrompt ?? this.systemPrompt;
    let text = "";
    const toolCalls: ToolCall[] = [];
    const reasoning = new ReasoningCollector();
    let usage: LanguageModelUsage | undefined;
    let stopReason: StopReason = "other";

    try {
      const stream = streamText({
        model: this.options.model,
        system: system && cache ? { role: "system", content: system, providerOptions: cache } : system,
        messages: toModelMessages(request.messages),
        tools: toToolSet(request.tools, cache),
        toolChoice: request.toolChoice,
        maxOutputTokens: request.maxTokens ?? this.options.maxTokens,
        abortSignal: signal,
        maxRetries: 0,
        // Errors arrive as "error" parts below; the default handler would only log them.
        onError: () => {},
      });
      for await (const part of stream.fullStream) {
        switch (part.type) {
          case "text-delta":
            text += part.text;
            await notify("text_delta", { text: part.text });
            break;
          case "reasoning-start":
          case "reasoning-end":
            reasoning.add(part.id, "", part.providerMetadata);
            break;
          case "reasoning-delta":
            reasoning.add(part.id, part.text, part.providerMetadata);
            break;
          case "tool-call":
            toolCalls.push({ id: part.toolCallId, tool_name: part.toolName, input_args: part.input });
            await notify("tool_use", { id: part.toolCallId, name: part.toolName, input: part.input });
            break;
          case "finish":
            usage = part.totalUsage;
            stopReason = toStopReason(part.finishReason);
            break;
          case "error":
            throw part.error;
        }
      }
    } catch (error) {
      if (signal?.aborted) throw abortedError(this.name);
      throw error;
    }
    // The SDK ends the stream quietly on abort instead of throwing.
    if (signal?.aborted) throw abortedError(this.name);

    const complete = result(text, toolCalls, reasoning.result(), usage, stopReason);
    await notify("model_response_complete", {
      text,
      tool_calls: complete.messages[0].tool_calls,
      stop_reason: stopReason,
      tokens_in: complete.tokens_in,
      tokens_out: complete.tokens_out,
    });
    return complete;
  }
}

function result(
  text: string,
  toolCalls: ToolCall[],
  reasoning: ReasoningPart[],
  usage: LanguageModelUsage | undefined,
  stopReason: StopReason,
): ModelPromptResult {
  const message: Message = {
    sender: "agent",
    text,
    ...(toolCalls.length > 0 && { tool_calls: toolCalls }),
    ...(reasoning.length > 0 && { reasoning }),
  };
  const cacheRead = usage?.inputTokenDetails.cacheReadTokens;
  const cacheWrite = usage?.inputTokenDetails.cacheWriteTokens;
  return {
    messages: [message],
    // The AI SDK's inputTokens already include cached tokens, as tokens_in does everywhere.
    tokens_in: usage?.inputTokens ?? 0,
    tokens_out: usage?.outputTokens ?? 0,
    ...(cacheRead !== undefined && { cache_read_tokens: cacheRead }),
    ...(cacheWrite !== undefined && { cache_write_tokens: cacheWrite }),
    stop_reason: stopReason,
  };
}
