import { jsonSchema, tool, type JSONSchema7, type ModelMessage, type SystemModelMessage, type ToolSet } from "ai";
import type { Message } from "@/lib/agent/messages";
import type { ModelToolSpec } from "@/lib/agent/model-adapter";
import { toolResultContent } from "./tool-result-content";

export type ProviderOptions = NonNullable<SystemModelMessage["providerOptions"]>;

/** Our history → AI SDK ModelMessages. The SDK's providers then speak each wire format. */

export function toModelMessages(messages: Message[]): ModelMessage[] {
  const converted: ModelMessage[] = [];
  for (const message of messages) {
    if (message.sender === "agent") {
      const content = [
        // Reasoning first, as it came: providers that check it (Anthropic's signature) refuse a
        // tool-calling turn whose reasoning is missing or reordered.
        ...(message.reasoning ?? []).map((part) => ({
          type: "reasoning" as const,
          text: part.text,
          ...(part.providerOptions && { providerOptions: part.providerOptions as ProviderOptions }),
        })),
        ...(message.text ? [{ type: "text" as const, text: message.text }] : []),
        ...(message.tool_calls ?? []).map((call) => ({
          type: "tool-call" as const,
          toolCallId: call.id,
          toolName: call.tool_name,
          input: call.input_args ?? {},
        })),
      ];
      if (content.length > 0) converted.push({ role: "assistant", content });
      continue;
    }
    // Tool results are a message of their own in the AI SDK ("tool" role); whatever the user
    // wrote alongside them follows as a user message.
    if (message.tool_results?.length) {
      converted.push({
        role: "tool",
        content: message.tool_results.map((toolResult) => ({
          type: "tool-result" as const,
          toolCallId: toolResult.call_id,
          toolName: toolResult.tool_name,
          output: {
            type: toolResult.result.status === "error" ? ("error-text" as const) : ("text" as const),
            value: toolResultContent(toolResult.result),
          },
        })),
      });
    }
    const images = (message.images ?? []).map((image) => ({ type: "image" as const, image: image.data, mediaType: image.media_type }));
    const documents = (message.documents ?? []).map((document) => ({
      type: "file" as const,
      data: document.data,
      mediaType: document.media_type,
      filename: document.name,
    }));
    if (images.length > 0 || documents.length > 0) {
      converted.push({
        role: "user",
        content: [...images, ...documents, ...(message.text ? [{ type: "text" as const, text: message.text }] : [])],
      });
    } else if (message.text) {
      converted.push({ role: "user", content: message.text });
    }
  }
  return converted;
}

/**
 * Tools without `execute`: the SDK hands each tool call back to us instead of running it, so
 * the agent loop (permissions, durable waits) stays the only place tools run.
 */
export function toToolSet(tools: ModelToolSpec[] | undefined, lastToolProviderOptions?: ProviderOptions): ToolSet | undefined {
  if (!tools?.length) return undefined;
  return Object.fromEntries(
    tools.map((spec, index) => [
      spec.name,
      tool({
        description: spec.description,
        inputSchema: jsonSchema(spec.input_schema as JSONSchema7),
        ...(index === tools.length - 1 && lastToolProviderOptions && { providerOptions: lastToolProviderOptions }),
      }),
    ]),
  );
}
