/**
 * Limits of the request schemas in lib/schemas, copied: importing those modules brings zod (31 KB
 * gzip) into a page's first load for a few numbers. tests/unit/client/limits.test.ts keeps each
 * equal to its schema.
 */

/** `MESSAGE_TEXT_MAX` of lib/schemas/conversation.ts. */
export const MESSAGE_TEXT_MAX = 20_000;
/** `conversationTitleSchema`'s maximum. */
export const CONVERSATION_TITLE_MAX = 200;
/** `listConversationsQuerySchema.q`'s maximum (the sidebar's title search). */
export const CONVERSATION_SEARCH_MAX = 200;
/** `SEARCH_MAX_QUERY` of lib/schemas/search.ts (the search page's message search). */
export const MESSAGE_SEARCH_MAX = 200;
/** `emailSchema`'s maximum (lib/schemas/account.ts). */
export const EMAIL_MAX = 254;
/** `passwordSchema`'s maximum; sign-in and the current password take as much. */
export const PASSWORD_MAX = 200;
/** `personNameSchema`'s maximum. */
export const PERSON_NAME_MAX = 100;
/** `organizationNameSchema`'s maximum. */
export const ORGANIZATION_NAME_MAX = 80;
