/**
 * The DOM id of a chat row, from its timeline key (a message id, or `tool:{callId}` for a tool
 * row). Search results link to `/{slug}/c/{id}?m={key}` and the chat scrolls to this id.
 */
export const messageAnchorId = (key: string) => `message-${key}`;

/** The chat link a search result opens: the conversation, at the row. */
export const messageHref = (orgSlug: string, conversationId: string, key: string) =>
  `/${orgSlug}/c/${conversationId}?${new URLSearchParams({ m: key })}`;
