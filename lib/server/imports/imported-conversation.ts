import type { ImportedConversationInput } from "@/lib/db/conversation-import";
import { cleanText } from "@/lib/schemas/text";

/** What every import source becomes: a titled conversation of plain user / agent messages, in order. */
export type ImportedConversation = ImportedConversationInput;

/** A problem with one conversation of a file: a 422 that names it and the field. */
export class ImportValidationError extends Error {
  constructor(readonly issues: { path: string; message: string }[]) {
    super(`Fix the file: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ")}`);
    this.name = "ImportValidationError";
  }
}

/** Titles as the sidebar keeps them: one line, at most this long. */
export const IMPORTED_TITLE_MAX = 200;

export function importedTitle(title: unknown): string {
  const line =
    typeof title === "string"
      ? cleanText(title)
          .replace(/[\s\u0000-\u001f\u007f]+/g, " ")
          .trim()
      : "";
  return line.slice(0, IMPORTED_TITLE_MAX) || "Imported conversation";
}

/** How an error names a conversation of the file: its place, and its title when it has one. */
export function describeConversation(index: number, raw: unknown): string {
  const title = typeof raw === "object" && raw !== null && "title" in raw ? raw.title : null;
  return `conversation ${index + 1}${typeof title === "string" && title.trim() ? ` ("${importedTitle(title)}")` : ""}`;
}
