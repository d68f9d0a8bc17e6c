import { createHash } from "node:crypto";

/** Models accept tool names of `[a-zA-Z0-9_-]{1,64}`. */
export const MAX_TOOL_NAME = 64;
const SEPARATOR = "__";
const HASH_CHARS = 6;

/** A server's tool name as the model may spell it (`files.read` → `files_read`). */
const sanitize = (name: string) => name.replace(/[^a-zA-Z0-9_-]/g, "_");

const shortHash = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, HASH_CHARS);

/**
 * `<connector>__<tool>` for one tool of a connector. A tool name that fits as it is keeps it.
 * One that had to be sanitized or shortened gets a short hash of the server's name: its model
 * name then depends on that name alone, never on the other tools of the server, so a stored
 * grant ("always allow crm__files_read_1a2b3c") can never move to another tool when the server
 * adds one that sanitizes alike.
 */
export function connectorToolName(connectorName: string, toolName: string): string {
  const prefix = `${connectorName}${SEPARATOR}`;
  const clean = sanitize(toolName);
  if (clean === toolName && clean.length > 0 && prefix.length + clean.length <= MAX_TOOL_NAME) return prefix + clean;
  const room = MAX_TOOL_NAME - prefix.length - HASH_CHARS - 1;
  return `${prefix}${clean.slice(0, room)}_${shortHash(toolName)}`;
}
