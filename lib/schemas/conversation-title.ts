/** What a conversation is called until someone renames it (the server's default). */
export const DEFAULT_TITLE = "New conversation";

const TITLE_MAX = 60;

/** A title from the first message: its first line, cut at a word near 60 characters. Shared by the server (create with a message) and the browser. */
export function titleFromMessage(text: string): string {
  const line = text.trim().split(/\r?\n/)[0].replace(/\s+/g, " ").trim();
  if (line.length <= TITLE_MAX) return line || DEFAULT_TITLE;
  const cut = line.slice(0, TITLE_MAX);
  const space = cut.lastIndexOf(" ");
  return `${(space > TITLE_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
