import { z } from "zod";
import { cleanText } from "@/lib/schemas/text";
import { describeConversation, importedTitle, ImportValidationError, type ImportedConversation } from "./imported-conversation";

/**
 * ChatGPT's data export (`conversations.json`): a list of conversations, each a `mapping` tree of
 * nodes keyed by id. Edits and regenerations are branches of that tree; `current_node` is the leaf
 * that was shown, so the conversation people saw is the path from it up to the root, reversed.
 * Only people's and the assistant's words come over: system prompts, tool output, hidden nodes
 * (`is_visually_hidden_from_conversation`) and non-text parts (images, code runs) are skipped.
 */

const nodeSchema = z.object({
  id: z.string().optional(),
  parent: z.string().nullish(),
  children: z.array(z.string()).optional(),
  message: z
    .object({
      author: z.object({ role: z.string() }),
      content: z.object({ content_type: z.string(), parts: z.array(z.unknown()).nullish(), text: z.string().nullish() }).passthrough(),
      create_time: z.number().nullish(),
      metadata: z.object({ is_visually_hidden_from_conversation: z.boolean().nullish() }).passthrough().nullish(),
    })
    .passthrough()
    .nullish(),
});

const conversationSchema = z.object({
  title: z.string().nullish(),
  create_time: z.number().nullish(),
  current_node: z.string("Give current_node, the id of the message shown last."),
  mapping: z.record(z.string(), nodeSchema, "Give mapping, the conversation's tree of messages."),
});

export const isChatGptExport = (value: unknown): value is unknown[] =>
  Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === "object" && item !== null && "mapping" in item);

const SENDERS: Record<string, "user" | "agent"> = { user: "user", assistant: "agent" };

export function fromChatGpt(conversations: unknown[]): ImportedConversation[] {
  return conversations.map((raw, index) => {
    const parsed = conversationSchema.safeParse(raw);
    const name = describeConversation(index, raw);
    if (!parsed.success)
      throw new ImportValidationError(
        parsed.error.issues.map((issue) => ({ path: `${name}: ${issue.path.join(".")}`, message: issue.message })),
      );
    const conversation = parsed.data;
    return {
      title: importedTitle(conversation.title),
      createdAt: fromSeconds(conversation.create_time),
      messages: shownBranch(conversation, name).flatMap((node) => {
        const message = node.message;
        const sender = message && SENDERS[message.author.role];
        if (!message || !sender || message.metadata?.is_visually_hidden_from_conversation) return [];
        const text = cleanText(textOf(message.content)).trim();
        return text ? [{ sender, text, createdAt: fromSeconds(message.create_time) }] : [];
      }),
    };
  });
}

type Node = z.infer<typeof nodeSchema>;

/** From `current_node` up through `parent` to the root, then root first. A cycle or a missing parent is the file's error. */
function shownBranch(conversation: z.infer<typeof conversationSchema>, name: string): Node[] {
  const path: Node[] = [];
  const seen = new Set<string>();
  for (let id: string | null | undefined = conversation.current_node; id; id = conversation.mapping[id].parent) {
    const node = conversation.mapping[id];
    if (!node)
      throw new ImportValidationError([{ path: `${name}: mapping.${id}`, message: "This message is named but missing from mapping." }]);
    if (seen.has(id)) throw new ImportValidationError([{ path: `${name}: mapping.${id}`, message: "The messages' parents form a loop." }]);
    seen.add(id);
    path.push(node);
  }
  return path.reverse();
}

function textOf(content: NonNullable<Node["message"]>["content"]): string {
  if (content.content_type !== "text" && content.content_type !== "multimodal_text") return "";
  return (content.parts ?? []).filter((part): part is string => typeof part === "string").join("\n\n");
}

const fromSeconds = (seconds: number | null | undefined) =>
  typeof seconds === "number" && Number.isFinite(seconds) ? new Date(seconds * 1000) : null;
