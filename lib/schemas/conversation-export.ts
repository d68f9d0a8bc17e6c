import { z } from "zod";

/**
 * The export of one conversation, version 1 (docs/export.md): what `GET /api/conversations/{id}/export?format=json`
 * answers, one line of an organization's export, and what the import accepts back. Additions keep the
 * version (readers ignore unknown fields); a change of meaning gets `handoff.conversation.v2`.
 */

export const CONVERSATION_EXPORT_FORMAT = "handoff.conversation.v1";

export const exportToolCallSchema = z.object({
  id: z.string(),
  name: z.string(),
  input: z.unknown(),
});

export const exportToolResultSchema = z.object({
  call_id: z.string(),
  name: z.string(),
  status: z.enum(["success", "error"]),
  data: z.unknown(),
  message: z.string().optional(),
});

export const exportMessageSchema = z.object({
  sender: z.enum(["user", "agent"], "Use a sender of user or agent."),
  text: z.string("Give the message's text as a string."),
  created_at: z.iso.datetime({ offset: true }).nullable().optional(),
  tool_calls: z.array(exportToolCallSchema).optional(),
  tool_results: z.array(exportToolResultSchema).optional(),
});

/** A card the agent showed (a slot): its question (the card's props) and, once settled, the answer. */
export const exportCardSchema = z.object({
  call_id: z.string(),
  tool_name: z.string(),
  question: z.unknown(),
  status: z.string(),
  answer: z.unknown().optional(),
  reason: z.string().optional(),
  asked_at: z.string(),
  answered_at: z.string().nullable(),
  /** The person who answered or declined it, by the name they had then; absent when nobody did. */
  answered_by: z.object({ name: z.string().max(200) }).optional(),
});

export const conversationExportSchema = z.object({
  format: z.literal(CONVERSATION_EXPORT_FORMAT, `Use format "${CONVERSATION_EXPORT_FORMAT}".`),
  title: z.string("Give the conversation's title as a string."),
  created_at: z.iso.datetime({ offset: true }),
  messages: z.array(exportMessageSchema, "Give the messages as a list."),
  cards: z.array(exportCardSchema).default([]),
});

export type ExportToolCall = z.infer<typeof exportToolCallSchema>;
export type ExportToolResult = z.infer<typeof exportToolResultSchema>;
export type ExportMessage = z.infer<typeof exportMessageSchema>;
export type ExportCard = z.infer<typeof exportCardSchema>;
export type ConversationExport = z.infer<typeof conversationExportSchema>;

export const CONVERSATION_EXPORT_FORMATS = ["markdown", "json"] as const;
export const conversationExportQuerySchema = z.object({
  format: z.enum(CONVERSATION_EXPORT_FORMATS, "Use format=markdown or format=json.").default("markdown"),
});

/** An organization export as the list shows it. */
export const organizationExportSchema = z.object({
  id: z.string(),
  status: z.enum(["queued", "running", "done", "failed"]),
  conversationsDone: z.number().int(),
  conversationsTotal: z.number().int(),
  byteSize: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string(),
  createdBy: z.object({ id: z.string(), name: z.string().nullable(), email: z.string() }).nullable(),
});
export type OrganizationExportView = z.infer<typeof organizationExportSchema>;
export const organizationExportListSchema = z.object({ exports: z.array(organizationExportSchema) });
export const organizationExportResponseSchema = z.object({ export: organizationExportSchema });

/** What an import answers: the new conversations, in the order of the file. */
export const importResultSchema = z.object({
  imported: z.array(z.object({ id: z.string(), title: z.string(), messages: z.number().int() })),
  source: z.enum(["handoff", "chatgpt"]),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** The largest import body (the file as uploaded, zip or not). */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** The most a zip may unpack to (zip bombs): the conversations.json it holds. */
export const IMPORT_MAX_UNZIPPED_BYTES = 200 * 1024 * 1024;
