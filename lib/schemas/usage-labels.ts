/**
 * How the usage page and its CSV name what has no name of its own (zod-free: the page imports it as
 * a value). Entries with no person come from inbox answers, webhooks and other runs nobody typed.
 */
export const NO_ONE_LABEL = "No one (inbox or system)";
export const DELETED_USER_LABEL = "Deleted account";
export const DELETED_CONVERSATION_LABEL = "Deleted conversation";
