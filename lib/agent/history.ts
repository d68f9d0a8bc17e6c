import type { Message } from "./messages";

/**
 * Reading the stored history: where the model's view starts, which step is unfinished, where
 * the current request began. Pure functions over the message list.
 */

/** What the model sees: the last compaction summary and everything after it. */
export function modelView(history: Message[]): Message[] {
  const summaryAt = history.findLastIndex((message) => message.is_compaction);
  return summaryAt === -1 ? history : history.slice(summaryAt);
}

/**
 * The agent message whose tool calls have no results yet. The results message is appended right
 * after a step's last call is done, so an unfinished step is always the last message.
 */
export function unfinishedStep(history: Message[]): Message | null {
  const last = history.at(-1);
  return last?.sender === "agent" && last.tool_calls?.length ? last : null;
}

/** Whether the model owes a reply: the history ends with something a user (or a tool) said. */
export const awaitsReply = (history: Message[]) => history.at(-1)?.sender === "user";

export const isToolResults = (message: Message | undefined) => Boolean(message?.tool_results?.length);

/**
 * Messages since the current request began: after the last user message that is not a tool
 * result (a typed message, a steering message, an inbox injection or a summary all start one).
 */
export function currentRequest(history: Message[]): Message[] {
  const start = history.findLastIndex((message) => message.sender === "user" && !isToolResults(message));
  return history.slice(start + 1);
}

/**
 * Adds a note for the model to the last user message of a view (a copy: notes are never stored).
 * Appending rather than adding a message keeps user/agent turns alternating.
 */
export function withNote(view: Message[], note: string | null): Message[] {
  if (!note) return view;
  const last = view.at(-1);
  if (last?.sender !== "user") return [...view, { sender: "user", text: note }];
  return [...view.slice(0, -1), { ...last, text: last.text ? `${last.text}\n\n${note}` : note }];
}
