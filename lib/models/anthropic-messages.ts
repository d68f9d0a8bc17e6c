import type Anthropic from "@anthropic-ai/sdk";
import type { Message } from "@/lib/agent/messages";
import type { ModelToolSpec } from "@/lib/agent/model-adapter";
import { toolResultContent } from "./tool-result-content";

/** Our history → Anthropic's `messages`, `system` and `tools`, with prompt-cache breakpoints. */

type ContentBlock = Anthropic.ContentBlockParam;
type Turn = { role: "user" | "assistant"; content: ContentBlock[] };

const EPHEMERAL: Anthropic.CacheControlEphemeral = { type: "ephemeral" };

function userBlocks(message: Message): ContentBlock[] {
  const blocks: ContentBlock[] = (message.tool_results ?? []).map((toolResult) => ({
    type: "tool_result",
    tool_use_id: toolResult.call_id,
    content: toolResultContent(toolResult.result),
    ...(toolResult.result.status === "error" && { is_error: true }),
  }));
  for (const image of message.images ?? []) {
    blocks.push({ type: "image", source: { type: "base64", media_type: image.media_type, data: image.data } });
  }
  for (const document of message.documents ?? []) {
    blocks.push({
      type: "document",
      source: { type: "base64", media_type: document.media_type, data: document.data },
      title: document.name,
    });
  }
  // Anthropic rejects empty text blocks.
  if (message.text) blocks.push({ type: "text", text: message.text });
  return blocks;
}

function agentBlocks(message: Message): ContentBlock[] {
  const blocks: ContentBlock[] = [...(message.thinking_blocks ?? [])];
  if (message.text) blocks.push({ type: "text", text: message.text });
  for (const call of message.tool_calls ?? []) {
    blocks.push({ type: "tool_use", id: call.id, name: call.tool_name, input: call.input_args ?? {} });
  }
  return blocks;
}

/**
 * Anthropic needs strictly alternating roles, so consecutive messages of one sender (a
 * tool-results message followed by a steering message, two injected user messages) become one
 * turn. In a user turn every tool_result block goes first: the API requires the results of the
 * previous assistant turn's tool calls to lead the next user turn.
 */
export function toAnthropicMessages(messages: Message[]): Anthropic.MessageParam[] {
  const turns: Turn[] = [];
  const notes = new Set<ContentBlock>();
  for (const message of messages) {
    const role = message.sender === "agent" ? "assistant" : "user";
    const blocks = role === "user" ? userBlocks(message) : agentBlocks(message);
    if (blocks.length === 0) continue;
    if (message.is_context_note) for (const block of blocks) notes.add(block);
    const previous = turns.at(-1);
    if (previous?.role === role) previous.content.push(...blocks);
    else turns.push({ role, content: blocks });
  }
  for (const turn of turns) {
    if (turn.role === "user") turn.content = toolResultsFirst(turn.content);
  }
  // The newest block that is not a context note: the note changes every call, so a breakpoint on
  // it would cache a prefix no later call sends again. Notes are text and come last, so the
  // tool_result reordering above never moves one before this block.
  markForCaching(turns.flatMap((turn) => turn.content).findLast((block) => !notes.has(block)));
  return turns;
}

function toolResultsFirst(blocks: ContentBlock[]): ContentBlock[] {
  return [...blocks.filter((b) => b.type === "tool_result"), ...blocks.filter((b) => b.type !== "tool_result")];
}

/**
 * A breakpoint on the newest block caches the whole conversation prefix, so the next step of
 * an agent loop (same history plus one tool result) reads it from the cache instead of paying
 * for it again. The tier-0 context note, which comes last, stays after the breakpoint.
 * Thinking blocks cannot carry cache_control; the system prompt and tools have their own
 * breakpoints (three of the four the API allows).
 */
function markForCaching(block: ContentBlock | undefined): void {
  if (block && block.type !== "thinking" && block.type !== "redacted_thinking") {
    (block as { cache_control?: Anthropic.CacheControlEphemeral }).cache_control = EPHEMERAL;
  }
}

export function toAnthropicSystem(systemPrompt: string | undefined): Anthropic.TextBlockParam[] | undefined {
  return systemPrompt ? [{ type: "text", text: systemPrompt, cache_control: EPHEMERAL }] : undefined;
}

/** The breakpoint on the last tool caches the whole tool list (tools precede the system prompt). */
export function toAnthropicTools(tools: ModelToolSpec[] | undefined): Anthropic.Tool[] | undefined {
  if (!tools?.length) return undefined;
  return tools.map((tool, index) => ({
    name: tool.name,
    description: tool.description,
    input_schema: tool.input_schema as Anthropic.Tool.InputSchema,
    ...(index === tools.length - 1 && { cache_control: EPHEMERAL }),
  }));
}
