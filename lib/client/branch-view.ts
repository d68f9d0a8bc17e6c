import type { Message } from "@/lib/agent/messages";
import type { BranchPointView } from "@/lib/schemas/conversation";
import { allMessages, type ChatState } from "./chat-state";

/** Where a message stands among its versions ("‹ 2 / 3 ›"); null when it has no other version. */
export interface MessageVersion {
  index: number;
  count: number;
  previous: string | null;
  next: string | null;
}

export function versionOf(branches: readonly BranchPointView[] | undefined, messageId: string | undefined): MessageVersion | null {
  if (!messageId) return null;
  const point = branches?.find((branch) => branch.message_id === messageId);
  if (!point) return null;
  const index = point.siblings.indexOf(messageId);
  return { index, count: point.siblings.length, previous: point.siblings[index - 1] ?? null, next: point.siblings[index + 1] ?? null };
}

/** A message the person typed (what an edit changes and a regenerate answers again). */
const isTyped = (message: Message) =>
  message.sender === "user" &&
  !message.tool_results?.length &&
  !message.is_skill_injection &&
  !message.is_inbox_injection &&
  !message.is_compaction;

/**
 * The view while a new version streams in: the loaded messages up to `keep` (an index into all
 * loaded ones, exclusive), so the new branch's events append after it and the old branch is not
 * shown under it. The snapshot read at the run's end replaces this with the stored path.
 */
function keepFirst(state: ChatState, keep: number): ChatState {
  const earlier = state.earlier.messages.length;
  return {
    ...state,
    earlier: { ...state.earlier, messages: state.earlier.messages.slice(0, keep) },
    messages: state.messages.slice(0, Math.max(0, keep - earlier)),
    branches: [],
  };
}

/** For an edit: everything before the edited message. */
export function withoutMessageAndAfter(state: ChatState, messageId: string): ChatState {
  const at = allMessages(state).findIndex((message) => message.id === messageId);
  return at === -1 ? state : keepFirst(state, at);
}

/** For a regenerate: everything up to the person's message the reply answers. */
export function withoutReply(state: ChatState, messageId: string): ChatState {
  const messages = allMessages(state);
  const at = messages.findIndex((message) => message.id === messageId);
  const question = messages.slice(0, Math.max(at, 0)).findLastIndex(isTyped);
  return at === -1 || question === -1 ? state : keepFirst(state, question + 1);
}
