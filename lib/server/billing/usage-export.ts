import { readUsageExportRows } from "@/lib/db/usage-report";
import type { TenantContext } from "@/lib/db/tenant-context";
import { DELETED_CONVERSATION_LABEL, DELETED_USER_LABEL, NO_ONE_LABEL } from "@/lib/schemas/usage-labels";
import { csvRow } from "@/lib/server/forms/csv";
import { usageRange } from "./usage-report";

export const USAGE_CSV_HEADERS = [
  "Day",
  "Member",
  "Email",
  "Conversation ID",
  "Conversation",
  "Model",
  "Messages",
  "API requests",
  "Tokens",
  "Input tokens",
  "Output tokens",
  "Cache read tokens",
  "Cache write tokens",
] as const;

/**
 * The month's usage as CSV: one row per day × member × conversation × model (the groups the
 * entries form; a message or API request has no model, an API request no conversation), unbounded
 * unlike the page's top 100. A BOM first, so spreadsheet apps read it as UTF-8; cells are guarded
 * against formulas by `csvRow` (a conversation title is anyone's text).
 */
export async function usageCsv(ctx: TenantContext, month: Date, now: Date = new Date()): Promise<string> {
  const rows = await readUsageExportRows(ctx, usageRange(month, now));
  const lines = rows.map((row) =>
    csvRow([
      row.day,
      row.userId === null ? NO_ONE_LABEL : (row.name ?? DELETED_USER_LABEL),
      row.email ?? "",
      row.conversationId ?? "",
      row.conversationId === null ? "" : (row.title ?? DELETED_CONVERSATION_LABEL),
      row.model ?? "",
      ...[row.messages, row.apiRequests, row.tokens, row.tokensIn, row.tokensOut, row.cacheReadTokens, row.cacheWriteTokens].map(String),
    ]),
  );
  return `\uFEFF${csvRow(USAGE_CSV_HEADERS)}${lines.join("")}`;
}
