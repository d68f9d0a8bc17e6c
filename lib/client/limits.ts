/**
 * `MESSAGE_TEXT_MAX` of lib/schemas/conversation.ts, copied: importing that module brings zod (31 KB
 * gzip) into the chat page's first load for one number. A unit test keeps the two equal.
 */
export const MESSAGE_TEXT_MAX = 20_000;
