import { z } from "zod";
import { trimmedText } from "./text";

/** Results per page, and the deepest offset served: ranked pages past it cost more than anyone reads. */
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_MAX_OFFSET = 200;
export const SEARCH_MAX_QUERY = 200;

/** `GET /api/orgs/{slug}/search?q=…&offset=…` (and the search page's URL). */
export const searchQuerySchema = z.object({
  q: trimmedText().min(1, "Type something to search for.").max(SEARCH_MAX_QUERY, `Search for at most ${SEARCH_MAX_QUERY} characters.`),
  offset: z.coerce
    .number()
    .int("Use the nextOffset of the previous page.")
    .min(0, "Use the nextOffset of the previous page.")
    .max(SEARCH_MAX_OFFSET, `Only the first ${SEARCH_MAX_OFFSET + SEARCH_PAGE_SIZE} results are shown: search for more precise words.`)
    .default(0),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** A piece of a snippet: plain text, `hit` where the query matched (drawn as <mark>, never as HTML). */
export const snippetPartSchema = z.object({ text: z.string(), hit: z.boolean() });
export type SnippetPart = z.infer<typeof snippetPartSchema>;

export const searchHitSchema = z.object({
  conversationId: z.string(),
  conversationTitle: z.string(),
  /** The timeline row to scroll to (lib/client/message-anchor.ts): the message, or the tool call whose input or result matched. */
  anchor: z.string(),
  sender: z.enum(["user", "agent"]),
  /** When the message was written (ISO), or null for rows stored without a time. */
  at: z.string().nullable(),
  snippet: z.array(snippetPartSchema),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchPageSchema = z.object({
  results: z.array(searchHitSchema),
  /** The offset of the next page, or null on the last one (or at the cap). */
  nextOffset: z.number().int().nullable(),
});
export type SearchPage = z.infer<typeof searchPageSchema>;
