import { conversationExportSchema, type ExportMessage } from "@/lib/schemas/conversation-export";
import { cleanText } from "@/lib/schemas/text";
import { fenced } from "@/lib/server/exports/markdown";
import { describeConversation, importedTitle, ImportValidationError, type ImportedConversation } from "./imported-conversation";

/**
 * Handoff's own export (handoff.conversation.v1), one or many. Messages come back as plain text:
 * a tool call or result is appended to its message's text as fenced JSON (kept, never run again);
 * a message that only carries results (the runtime's user-side message) joins the agent message
 * before it, whose call they answer; a message that then has no text at all is dropped. Cards are not imported: their answers
 * are in the tool results.
 */
export function fromHandoff(documents: unknown[]): ImportedConversation[] {
  return documents.map((document, index) => {
    const parsed = conversationExportSchema.safeParse(document);
    if (!parsed.success) {
      const name = describeConversation(index, document);
      throw new ImportValidationError(
        parsed.error.issues.map((issue) => ({ path: `${name}: ${issue.path.join(".")}`, message: issue.message })),
      );
    }
    return {
      title: importedTitle(parsed.data.title),
      createdAt: new Date(parsed.data.created_at),
      messages: plainMessages(parsed.data.messages),
    };
  });
}

export const isHandoffExport = (value: unknown) => typeof value === "object" && value !== null && "format" in value;

function plainMessages(messages: ExportMessage[]): ImportedConversation["messages"] {
  const out: ImportedConversation["messages"] = [];
  for (const message of messages) {
    const text = cleanText(plainText(message));
    if (!text) continue;
    const previous = out.at(-1);
    if (message.text === "" && !message.tool_calls?.length && previous?.sender === "agent") previous.text += `\n\n${text}`;
    else out.push({ sender: message.sender, text, createdAt: message.created_at ? new Date(message.created_at) : null });
  }
  return out;
}

function plainText(message: ExportMessage): string {
  const parts = message.text ? [message.text] : [];
  for (const call of message.tool_calls ?? []) parts.push(`Tool call ${call.name}:\n${fenced(call.input)}`);
  for (const result of message.tool_results ?? []) parts.push(`Tool result of ${result.name} (${result.status}):\n${fenced(result.data)}`);
  return parts.join("\n\n");
}
