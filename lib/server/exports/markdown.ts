import type { ConversationExport, ExportCard, ExportMessage } from "@/lib/schemas/conversation-export";

/**
 * A conversation as a readable Markdown transcript: a heading per message's speaker, the message's
 * own Markdown as it was written, tool calls and results as fenced JSON, each card's question and
 * answer as a quote under the tool call that showed it. What we write around people's text is
 * escaped so that text can never break out of it: the title is one line with Markdown's marks
 * escaped, a fence is longer than any run of backticks inside it, a quote prefixes every line.
 */
export function conversationToMarkdown(conversation: ConversationExport): string {
  const cardsByCall = new Map<string, ExportCard[]>();
  for (const card of conversation.cards) cardsByCall.set(card.call_id, [...(cardsByCall.get(card.call_id) ?? []), card]);
  const shown = new Set<ExportCard>();
  const parts = [`# ${escapeInline(conversation.title)}`, `Started ${when(conversation.created_at)}.`];
  for (const message of conversation.messages) {
    parts.push(...messageParts(message));
    for (const call of message.tool_calls ?? []) {
      for (const card of cardsByCall.get(call.id) ?? []) {
        shown.add(card);
        parts.push(cardQuote(card));
      }
    }
  }
  const rest = conversation.cards.filter((card) => !shown.has(card));
  if (rest.length > 0) parts.push("## Cards", ...rest.map(cardQuote));
  return `${parts.join("\n\n")}\n`;
}

function messageParts(message: ExportMessage): string[] {
  const parts: string[] = [];
  const onlyResults = message.text === "" && !message.tool_calls?.length && !!message.tool_results?.length;
  // A message that only carries tool results belongs under the agent's call, not under a "You" heading.
  if (!onlyResults) {
    const at = message.created_at ? ` · ${when(message.created_at)}` : "";
    parts.push(`## ${message.sender === "user" ? "You" : "Agent"}${at}`);
    if (message.text !== "") parts.push(message.text);
  }
  for (const call of message.tool_calls ?? []) parts.push(`**Tool call:** ${code(call.name)}`, fenced(call.input));
  for (const result of message.tool_results ?? []) {
    const note = result.message ? ` — ${escapeInline(result.message)}` : "";
    parts.push(`**Tool result** of ${code(result.name)} (${result.status})${note}:`, fenced(result.data));
  }
  return parts;
}

function cardQuote(card: ExportCard): string {
  const by = card.answered_by ? ` by ${escapeInline(card.answered_by.name)}` : "";
  const settled = card.answered_at ? `, ${card.status}${by} ${when(card.answered_at)}` : `, ${card.status}${by}`;
  const lines = [`**Card** ${code(card.tool_name)}${settled}`, "Question:", ...fenced(card.question).split("\n")];
  if (card.answer !== undefined) lines.push("Answer:", ...fenced(card.answer).split("\n"));
  if (card.reason) lines.push(`Reason: ${escapeInline(card.reason)}`);
  return lines.map((line) => (line === "" ? ">" : `> ${line}`)).join("\n");
}

/** JSON in a fence one backtick longer than the longest run inside (CommonMark), so no content closes it early. */
export function fenced(value: unknown): string {
  const body = JSON.stringify(value ?? null, null, 2);
  const longest = Math.max(0, ...(body.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `${fence}json\n${body}\n${fence}`;
}

/** Inline code that holds any text: backticks inside get a longer delimiter and padding. */
function code(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const ticks = "`".repeat(longest + 1);
  return longest > 0 ? `${ticks} ${text} ${ticks}` : `${ticks}${text}${ticks}`;
}

/** One line of plain text inside our Markdown: line breaks become spaces, Markdown's marks are escaped. */
export function escapeInline(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, " ").replace(/[\\`*_{}[\]()<>#+\-.!|~]/g, "\\$&");
}

const when = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;
